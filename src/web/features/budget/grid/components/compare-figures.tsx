/**
 * The version's figures under a month or year of a line, a pole or TOTAL GÉNÉRAL, when the grid
 * compares with a version (docs/product.md#versions-and-landing, ADR 062): a row for forecast sales
 * and one for forecast purchases, each the version's figure (muted, italic) then the gap live −
 * version (signed, coloured), the exact amounts on hover. A line the version
 * does not hold (added since) shows a dash.
 */
import { formatCompactEuros, formatEurosExact, shownSign, type Cents } from '@/domain';
import type { ForecastCompare } from '@/domain/grid-compare';
import { signClass, signedCompact } from '@/web/lib/format';

/** The height the two rows add to a line's or a pole's row (px), for the row window. */
export const COMPARE_HEIGHT = 36;

const GRID = 'grid grid-cols-[2.75rem_1fr_1fr] gap-1 text-right text-xs leading-4 tabular-nums';

/** Sales above purchases, as the inputs above them: the version's figure, then the gap. */
const ROWS = [
  { label: 'Ventes', measure: 'previsionnel', isPurchase: false },
  { label: 'Achats', measure: 'achat_previsionnel', isPurchase: true },
] as const;

/** A gap, coloured for the margin: more sales is green, more purchases red. */
function Gap({ cents, title, isPurchase = false }: { cents: Cents; title: string; isPurchase?: boolean }) {
  const sign = shownSign(cents);
  return (
    <span className={signClass(isPurchase ? -sign : sign)} title={`${title}\u00a0: ${formatEurosExact(cents)}`}>
      {signedCompact(cents)}
    </span>
  );
}

export function CompareFigures({
  compare,
  name,
  where,
}: {
  compare: ForecastCompare | null;
  /** The version's name. */
  name: string;
  /** What the figures are of (« Janvier 2025 · Paid / Google Ads »), for their accessible names. */
  where: string;
}) {
  if (!compare) {
    return (
      <div className="border-t border-dashed pt-0.5 text-right text-xs leading-4 text-muted-foreground" data-compare="">
        <span title={`Absente de ${name}`}>—</span>
      </div>
    );
  }
  const { version, gap } = compare;
  const at = (what: string) => `${what} · ${name} · ${where}`;
  return (
    <div className="border-t border-dashed pt-0.5" data-compare="" title={`Comparé à « ${name} »`}>
      {ROWS.map(({ label, measure, isPurchase }) => (
        <div key={measure} className={GRID}>
          <span className="text-left text-muted-foreground">{label}</span>
          <span
            className="text-muted-foreground italic"
            title={`${at(`${label} prév.`)}\u00a0: ${formatEurosExact(version[measure])}`}
          >
            {formatCompactEuros(version[measure])}
          </span>
          <Gap cents={gap[measure]} title={at(`Écart ${label.toLowerCase()} prév.`)} isPurchase={isPurchase} />
        </div>
      ))}
    </div>
  );
}
