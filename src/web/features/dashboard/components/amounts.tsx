import { formatEuros, formatPercent, type Cents } from '../../../../domain/money';
import { cn } from '../../../lib/cn';

/** Green at or above zero, red below (SPEC §2: positive gaps green, negative red). */
export function gapClass(value: number): string {
  return value >= 0 ? 'text-success' : 'text-destructive';
}

/** A gap in euros with its percentage (one decimal), coloured by sign. */
export function Gap({ cents, percent }: { cents: Cents; percent?: number }) {
  return (
    <span className={cn('tabular-nums', gapClass(cents))}>
      {formatEuros(cents)}
      {percent !== undefined && <span className="text-xs"> ({formatPercent(percent, true)})</span>}
    </span>
  );
}

/** Euros in French format, no decimals, tabular digits. */
export function Euros({ cents, className }: { cents: Cents; className?: string }) {
  return <span className={cn('tabular-nums', className)}>{formatEuros(cents)}</span>;
}
