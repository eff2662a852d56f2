import { useId } from 'react';
import type { VersionSummary } from '@/domain/answers';
import { cn } from '@/web/lib/cn';

/**
 * 'Comparer avec' (docs/product.md#versions-and-landing): no version (the default), or one of the
 * year's versions — the reference marked. A chosen id the year does not hold shows as none. The
 * dashboards put the label above; the budget grid beside, and disables it with the reason shown
 * (`disabledReason`) in a view that cannot show the compare.
 */
export function VersionSelect({
  versions,
  chosen,
  onChange,
  inline = false,
  disabledReason = null,
}: {
  versions: readonly VersionSummary[];
  chosen: number | null;
  onChange: (next: number | null) => void;
  inline?: boolean;
  disabledReason?: string | null;
}) {
  const id = useId();
  const value = chosen !== null && versions.some((v) => v.id === chosen) ? String(chosen) : 'none';
  return (
    <div className={cn('flex gap-1', inline ? 'items-center gap-2' : 'flex-col')}>
      <label htmlFor={id} className="text-sm font-medium">
        Comparer avec
      </label>
      <select
        id={id}
        value={value}
        disabled={disabledReason !== null}
        title={disabledReason ?? undefined}
        aria-describedby={disabledReason !== null ? `${id}-reason` : undefined}
        onChange={(e) => onChange(e.target.value === 'none' ? null : Number(e.target.value))}
        className={cn(
          'rounded-md border border-input bg-card px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
          inline ? 'h-8' : 'h-9',
        )}
      >
        <option value="none">Aucune version</option>
        {versions.map((v) => (
          <option key={v.id} value={String(v.id)}>
            {v.reference ? `${v.name} (référence)` : v.name}
          </option>
        ))}
      </select>
      {disabledReason !== null && (
        <span id={`${id}-reason`} className="text-xs text-muted-foreground">
          {disabledReason}
        </span>
      )}
    </div>
  );
}
