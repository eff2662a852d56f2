import { describe, expect, it } from 'vitest';
import { readFec } from '../src/domain/accounting/fec-reader';
import { generateDemoBackup } from './demo-data';
import { fecThirdParties, generateFec } from './fec-generator';

const options = { year: 2026, lines: 3_000, clients: 25, seed: 7 };

describe('generateFec', () => {
  const file = readFec(generateFec(options));

  it('writes exactly the lines asked for, as Odoo does (pipes, CRLF, no newline at the end)', () => {
    const bytes = generateFec(options);
    const text = new TextDecoder().decode(bytes);
    expect(file.lines).toHaveLength(3_000);
    expect(file.separator).toBe('|');
    expect(text.split('\r\n')).toHaveLength(3_001);
    expect(text.endsWith('\r\n')).toBe(false);
  });

  it.each([0, 2, 3, 13, 14, 99, 100, 101])('writes %i lines when asked', (lines) => {
    expect(readFec(generateFec({ ...options, lines })).lines).toHaveLength(lines);
  });

  it('is deterministic: the same options give the same bytes, another seed others', () => {
    // Compared as text: a deep equality of 450 kB arrays, byte by byte, takes seconds.
    const text = (o: typeof options) => new TextDecoder().decode(generateFec(o));
    const first = text(options);
    expect(text(options) === first).toBe(true);
    expect(text({ ...options, seed: 8 }) === first).toBe(false);
  });

  it('balances every entry, dates every line in the year, opening entries on 1 January', () => {
    const balances = new Map<string, number>();
    for (const l of file.lines) {
      const key = `${l.journal}/${l.entryNum}`;
      balances.set(key, (balances.get(key) ?? 0) + l.debit - l.credit);
    }
    expect([...balances.values()].filter((b) => b !== 0)).toEqual([]);
    expect(file.lines.every((l) => l.entryDate.startsWith('2026'))).toBe(true);
    const opening = file.lines.filter((l) => l.journal === 'AN');
    expect(opening.length).toBeGreaterThan(0);
    expect(opening.every((l) => l.entryDate === '20260101')).toBe(true);
    expect(new Set(file.lines.map((l) => l.journal))).toEqual(new Set(['AN', 'VE', 'AC', 'BQ', 'OD']));
  });

  it('gives every sale a customer named as the demo data names its clients', () => {
    const sales = file.lines.filter((l) => l.account.startsWith('706'));
    expect(new Set(sales.map((l) => l.account))).toEqual(new Set(['706100', '706200', '706300', '706400']));
    const demoNames = generateDemoBackup({
      clients: 25,
      seed: 1,
      today: new Date('2026-06-15T12:00:00Z'),
      years: 1,
    }).clients.map((c) => c.name);
    const customers = fecThirdParties(options).filter((t) => t.kind === 'customer');
    expect(customers.map((c) => c.name)).toEqual(demoNames);
    const known = new Map(customers.map((c) => [c.num, c.name]));
    for (const l of sales) expect(known.get(l.thirdParty)).toBe(l.thirdPartyName);
  });

  it('books purchases on 604/611/622 with their supplier, and media bought as agent on 467', () => {
    const suppliers = new Set(
      fecThirdParties(options)
        .filter((t) => t.kind === 'supplier')
        .map((t) => t.num),
    );
    const purchases = file.lines.filter((l) => l.journal === 'AC' && /^(604|611|622|467)/.test(l.account));
    expect(new Set(purchases.map((l) => l.account.slice(0, 3)))).toEqual(new Set(['604', '611', '622', '467']));
    expect(purchases.every((l) => suppliers.has(l.thirdParty))).toBe(true);
  });
});
