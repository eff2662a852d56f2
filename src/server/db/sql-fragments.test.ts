import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisedMonthMargin } from '@/domain/budget';
import { decimalToCents } from '@/domain/money';
import { createTestDb } from '../test/test-db';
import type { Db } from './client';
import { basisOf, upliftCents } from '@/domain/rollforward';
import { REVISED_MONTH_MARGIN, rollForwardBasis, uplifted } from './sql-fragments';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

// [case, previsionnel, achat prévisionnel, réel, achat] as the numeric(14,2) texts the table holds.
const CASES: [string, string, string, string, string][] = [
  ['all zero', '0.00', '0.00', '0.00', '0.00'],
  ['no actual yet: the forecast margin', '1000.00', '250.50', '0.00', '0.00'],
  ['no actual sales but an actual purchase: still the forecast margin', '1000.00', '250.00', '0.00', '300.00'],
  ['actual sales: the actual margin', '1000.00', '250.00', '1200.00', '400.00'],
  ['one cent of actual sales is enough', '1000.00', '250.00', '0.01', '0.00'],
  ['negative actual sales (a credit note) keep the forecast margin', '1000.00', '250.00', '-50.00', '10.00'],
  ['negative forecast margin', '100.00', '300.00', '0.00', '0.00'],
  ['negative actual margin', '100.00', '0.00', '50.00', '80.25'],
  ['large amounts stay exact', '999999999999.99', '0.01', '999999999999.99', '123456789012.34'],
];

describe('REVISED_MONTH_MARGIN (SQL) and revisedMonthMargin (domain) are one rule', () => {
  it.each(CASES)('%s', async (_case, previsionnel, achatPrevisionnel, reel, achat) => {
    const { rows } = await db.query<{ revue: string }>(
      `select (${REVISED_MONTH_MARGIN})::text as revue
         from (select $1::numeric(14,2) as previsionnel, $2::numeric(14,2) as achat_previsionnel,
                      $3::numeric(14,2) as reel, $4::numeric(14,2) as achat) as d`,
      [previsionnel, achatPrevisionnel, reel, achat],
    );
    const domain = revisedMonthMargin({
      previsionnel: decimalToCents(previsionnel),
      achat_previsionnel: decimalToCents(achatPrevisionnel),
      reel: decimalToCents(reel),
      achat: decimalToCents(achat),
    });
    expect(decimalToCents(rows[0]!.revue)).toBe(domain);
  });
});

// [case, amount (numeric text), uplift in hundredths of a percent]
const UPLIFTS: [string, string, number][] = [
  ['no uplift', '100.01', 0],
  ['3,5 % of 100,01 € rounds 103,51035 down to 103,51', '100.01', 350],
  ['a half cent rounds away from zero', '0.10', 500],
  ['a negative half cent rounds away from zero too', '-0.10', 500],
  ['−100 % gives 0', '1234.56', -10000],
  ['1000 % multiplies by 11', '999.99', 100000],
  ['a large amount stays exact', '90909090909.09', 1],
  ['a cut of 12,25 %', '-333.33', -1225],
];

describe('uplifted (SQL) and upliftCents (domain) are one rule', () => {
  it.each(UPLIFTS)('%s', async (_case, amount, hundredths) => {
    const { rows } = await db.query<{ v: string }>(`select (${uplifted('$1::numeric(14,2)', '$2::int')})::text as v`, [
      amount,
      hundredths,
    ]);
    expect(decimalToCents(rows[0]!.v)).toBe(upliftCents(decimalToCents(amount), hundredths));
  });
});

describe('rollForwardBasis (SQL) and basisOf (domain) are one rule', () => {
  const months: [string, string, string, string][] = [
    ['1000.00', '250.50', '0.00', '0.00'],
    ['1000.00', '250.00', '1200.00', '400.00'],
    ['1000.00', '250.00', '-50.00', '10.00'],
    ['0.00', '0.00', '0.01', '99.99'],
  ];
  const bases = ['previsionnel', 'reel', 'revue'] as const;
  it.each(bases.flatMap((b) => months.map((m) => [b, ...m] as const)))(
    '%s of %s / %s / %s / %s',
    async (figures, previsionnel, achatPrevisionnel, reel, achat) => {
      const { sales, purchases } = rollForwardBasis(figures);
      const { rows } = await db.query<{ sales: string; purchases: string }>(
        `select (${sales})::text as sales, (${purchases})::text as purchases
           from (select $1::numeric(14,2) as previsionnel, $2::numeric(14,2) as achat_previsionnel,
                        $3::numeric(14,2) as reel, $4::numeric(14,2) as achat) as d`,
        [previsionnel, achatPrevisionnel, reel, achat],
      );
      const domain = basisOf(figures, {
        previsionnel: decimalToCents(previsionnel),
        achat_previsionnel: decimalToCents(achatPrevisionnel),
        reel: decimalToCents(reel),
        achat: decimalToCents(achat),
      });
      expect([decimalToCents(rows[0]!.sales), decimalToCents(rows[0]!.purchases)]).toEqual([
        domain!.previsionnel,
        domain!.achat_previsionnel,
      ]);
    },
  );
});
