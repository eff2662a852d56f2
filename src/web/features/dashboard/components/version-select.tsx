import { useId } from 'react';
import type { VersionSummary } from '@/domain/answers';

/**
 * 'Comparer avec' (docs/product.md#versions-and-landing): no version (the default), or one of the
 * year's versions — the reference marked. A chosen id the year does not hold shows as none.
 */
export function VersionSelect({
  versions,
  chosen,
  onChange,
}: {
  versions: readonly VersionSummary[];
  chosen: number | null;
  onChange: (next: number | null) => void;
}) {
  const id = useId();
  const value = chosen !== null && versions.some((v) => v.id === chosen) ? String(chosen) : 'none';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Comparer avec
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value === 'none' ? null : Number(e.target.value))}
        className="h-9 rounded-md border border-input bg-card px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <option value="none">Aucune version</option>
        {versions.map((v) => (
          <option key={v.id} value={String(v.id)}>
            {v.reference ? `${v.name} (référence)` : v.name}
          </option>
        ))}
      </select>
    </div>
  );
}
