import { useState } from 'react';
import { ArrowRight, ChevronDown, ChevronRight } from 'lucide-react';
import type { ClientChanges } from '@/domain/accounting/screen';
import type { FecPreviewAnswer } from '@/domain/answers';
import { formatEuros } from '@/domain/money';
import { FIELD_LABELS, eurosExact } from '../lib/format';

/** Cells listed when a client is opened; the rest are counted (a 300-client file changes thousands). */
const SHOWN_CELLS = 50;

type Cell = FecPreviewAnswer['cells'][number];

/** One client's changes: its totals before → after, folded; opened, its cells (the first 50). */
export function ClientChangesItem({
  group,
  initiallyOpen,
  monthNames,
}: {
  group: ClientChanges;
  initiallyOpen: boolean;
  /** The fiscal year's month names (docs/product.md#fiscal-years). */
  monthNames: readonly string[];
}) {
  const [isOpen, setIsOpen] = useState(initiallyOpen);
  const Chevron = isOpen ? ChevronDown : ChevronRight;
  return (
    <li className="rounded-md border">
      <button
        type="button"
        aria-expanded={isOpen}
        onClick={() => setIsOpen(!isOpen)}
        className="flex w-full flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-left text-sm hover:bg-muted/50"
      >
        <Chevron className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="font-semibold">{group.clientName}</span>
        <span className="text-muted-foreground">
          {group.cells.length} cellule{group.cells.length > 1 ? 's' : ''}
        </span>
        <span className="tabular-nums">
          Réel {formatEuros(group.before.reel)} → {formatEuros(group.after.reel)}
        </span>
        <span className="tabular-nums">
          Achat {formatEuros(group.before.achat)} → {formatEuros(group.after.achat)}
        </span>
        {group.manual > 0 && (
          <ManualBadge
            text={`${group.manual} saisie${group.manual > 1 ? 's' : ''} à la main remplacée${group.manual > 1 ? 's' : ''}`}
          />
        )}
      </button>
      {isOpen && (
        <div className="border-t px-3 py-2">
          <ul aria-label={`Modifications de ${group.clientName}`} className="flex flex-col divide-y text-sm">
            {group.cells.slice(0, SHOWN_CELLS).map((cell) => (
              <CellChange
                key={`${cell.pole}\u0000${cell.line}\u0000${cell.month}\u0000${cell.field}`}
                cell={cell}
                monthNames={monthNames}
              />
            ))}
          </ul>
          {group.cells.length > SHOWN_CELLS && (
            <p className="pt-2 text-xs text-muted-foreground">
              … et {group.cells.length - SHOWN_CELLS} autre(s) cellule(s).
            </p>
          )}
        </div>
      )}
    </li>
  );
}

function CellChange({ cell, monthNames }: { cell: Cell; monthNames: readonly string[] }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-1.5">
      <span>
        {cell.pole} · {cell.line} · {monthNames[cell.month]} · {FIELD_LABELS[cell.field]}
        {cell.lineId === null && <span className="ml-2 text-xs text-muted-foreground">(nouvelle ligne)</span>}
      </span>
      <span className="flex items-center gap-1.5 tabular-nums">
        {cell.manual && <ManualBadge text="saisi à la main" />}
        <span className="text-muted-foreground">{eurosExact(cell.current)}</span>
        <ArrowRight className="size-3.5 text-muted-foreground" aria-label="devient" />
        <span className="font-semibold">{eurosExact(cell.imported)}</span>
      </span>
    </li>
  );
}

/** A hand-typed value the import replaces: said in words and in colour. */
export function ManualBadge({ text }: { text: string }) {
  return (
    <span className="rounded-sm border border-amber-400 bg-amber-50 px-1.5 py-px text-xs font-medium text-amber-900">
      {text}
    </span>
  );
}
