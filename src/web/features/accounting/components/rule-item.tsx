import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { describeAction, describeCondition } from '@/domain/accounting/mapping-edits';
import type { MappingRule } from '@/domain/accounting/types';
import { Button } from '@/web/components/ui/button';

type RuleItemProps = {
  rule: MappingRule;
  /** 0-based; shown 1-based. */
  index: number;
  count: number;
  clientName: (id: string) => string | undefined;
  onMove: (delta: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** A rule in French (« Si compte 706… → Paid · Search (client du tiers) ») and its buttons. */
export function RuleItem({ rule, index, count, clientName, onMove, onEdit, onDelete }: RuleItemProps) {
  const n = index + 1;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="flex min-w-0 flex-1 items-baseline gap-2 text-sm">
        <span className="w-6 shrink-0 text-right tabular-nums text-muted-foreground">{n}.</span>
        <span>
          {describeCondition(rule.when)} <span aria-hidden="true">→</span>
          <span className="sr-only">alors</span>{' '}
          <span className="font-medium">{describeAction(rule.then, clientName)}</span>
        </span>
      </p>
      <div className="flex shrink-0 gap-1">
        <Button
          size="icon"
          variant="ghost"
          aria-label={`Monter la règle ${n}`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          aria-label={`Descendre la règle ${n}`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button size="icon" variant="ghost" aria-label={`Modifier la règle ${n}`} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button size="icon" variant="ghost" aria-label={`Supprimer la règle ${n}`} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
