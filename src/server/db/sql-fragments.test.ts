import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisedMonthMargin } from '@/domain/budget';
import { decimalToCents } from '@/domain/money';
import { createTestDb } from '../test/test-db';
import type { Db } from './client';
import { REVISED_MONTH_MARGIN } from './sql-fragments';

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
