import { formatEuros, formatPercent, type Cents } from '@/domain/money';
import { cn } from '@/web/lib/cn';
import { signClass } from '@/web/lib/format';

/** A gap in euros with its percentage (one decimal), coloured by sign. */
export function Gap({ cents, percent }: { cents: Cents; percent?: number }) {
  return (
    <span className={cn('whitespace-nowrap tabular-nums', signClass(cents))}>
      {formatEuros(cents)}
      {percent !== undefined && <span className="text-xs"> ({formatPercent(percent, true)})</span>}
    </span>
  );
}

/** Euros in French format, no decimals, tabular digits. */
export function Euros({ cents, className }: { cents: Cents; className?: string }) {
  return <span className={cn('tabular-nums', className)}>{formatEuros(cents)}</span>;
}
