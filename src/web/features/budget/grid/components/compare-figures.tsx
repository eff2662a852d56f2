/**
 * The version's figures under a month or year of a line, a pole or TOTAL GÉNÉRAL, when the grid
 * compares with a version (docs/product.md#versions-and-landing, ADR 062): its forecast sales and
 * purchases, then the gap live − version of each, the exact amounts on hover. A line the version
 * does not hold (added since) shows a dash.
 */
import { formatCompactEuros, formatEurosExact, shownSign, type Cents } from '@/domain';
import type { ForecastCompare } from '@/domain/grid-compare';
import { signClass, signedCompact } from '@/web/lib/format';

/** The height the two rows add to a line's or a pole's row (px), for the row window. */
export const COMPARE_HEIGHT = 36;

const GRID = 'grid grid-cols-[2.25rem_1fr_1fr] gap-1 text-right text-xs leading-4 tabular-nums';

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
    <div className="border-t border-dashed pt-0.5" data-compare="">
      <div className={GRID}>
        <span className="truncate text-left text-muted-foreground" title={name}>
          Vers.
        </span>
        <span title={`${at('Ventes prév.')}\u00a0: ${formatEurosExact(version.previsionnel)}`}>
          {formatCompactEuros(version.previsionnel)}
        </span>
        <span title={`${at('Achats prév.')}\u00a0: ${formatEurosExact(version.achat_previsionnel)}`}>
          {formatCompactEuros(version.achat_previsionnel)}
        </span>
      </div>
      <div className={GRID}>
        <span className="text-left text-muted-foreground">Écart</span>
        <Gap cents={gap.previsionnel} title={at('Écart ventes prév.')} />
        <Gap cents={gap.achat_previsionnel} title={at('Écart achats prév.')} isPurchase />
      </div>
    </div>
  );
}
