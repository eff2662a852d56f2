import { cn } from '@/web/lib/cn';

/** « 94 % des montants affectés »: a bar and its text, named `label`; `compact` for a table cell. */
export function CoverageBar({
  percent,
  label,
  compact = false,
}: {
  percent: number;
  label: string;
  compact?: boolean;
}) {
  const text = `${percent} % des montants affectés`;
  return (
    <div className={cn('flex items-center gap-2', compact ? 'min-w-28' : 'w-full max-w-md')}>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className={cn('relative flex-1 overflow-hidden rounded-full bg-muted', compact ? 'h-1.5' : 'h-2.5')}
      >
        <div
          className={cn('h-full rounded-full', percent >= 100 ? 'bg-success' : 'bg-primary')}
          style={{ width: `${Math.max(0, Math.min(100, percent))}%` }}
        />
      </div>
      <span className={cn('shrink-0 tabular-nums', compact ? 'text-xs text-muted-foreground' : 'text-sm font-medium')}>
        {compact ? `${percent} %` : text}
      </span>
    </div>
  );
}
