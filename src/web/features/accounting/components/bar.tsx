import { cn } from '@/web/lib/cn';

type BarProps = {
  /** `meter` for a share (the coverage), `progressbar` for a step under way. */
  role: 'meter' | 'progressbar';
  label: string;
  /** 0 to 100. */
  percent: number;
  valueText?: string;
  className?: string;
  fillClassName?: string;
};

/** A thin horizontal bar filled to `percent`, with its role, name and value for screen readers. */
export function Bar({ role, label, percent, valueText, className, fillClassName = 'bg-primary' }: BarProps) {
  return (
    <div
      role={role}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={cn('overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn('h-full rounded-full', fillClassName)}
        style={{ width: `${Math.max(0, Math.min(100, percent))}%` }}
      />
    </div>
  );
}
