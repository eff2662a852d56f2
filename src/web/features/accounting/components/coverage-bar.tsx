import { cn } from '@/web/lib/cn';
import { Bar } from './bar';

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
      <Bar
        role="meter"
        label={label}
        percent={percent}
        valueText={text}
        className={cn('flex-1', compact ? 'h-1.5' : 'h-2.5')}
        fillClassName={percent >= 100 ? 'bg-success' : 'bg-primary'}
      />
      <span className={cn('shrink-0 tabular-nums', compact ? 'text-xs text-muted-foreground' : 'text-sm font-medium')}>
        {compact ? `${percent} %` : text}
      </span>
    </div>
  );
}
