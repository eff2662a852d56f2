/**
 * `npx tsx bench/fec-mapping.ts`: the time mapFec takes over a 100,000-line FEC (a 40-person
 * agency's year, docs/product.md#actuals-from-the-accounting asks for the whole preview within
 * 3 s) with ~50 rules and 300 clients, and, as a reference, the time to split the same file's
 * text into lines and fields (a floor for any reader). Pure: no database; figures are printed,
 * not asserted (docs/style.md#tests).
 */
import { performance } from 'node:perf_hooks';
import { mapFec } from '../src/domain/accounting/mapping';
import { mappingDocument } from '../src/domain/accounting/mapping-schema';
import type { FecFile, FecLine, ForecastLine, MappingRule } from '../src/domain/accounting/types';
import type { Cents } from '../src/domain/money';

const YEAR = 2026;
const LINES = 100_000;
const CLIENTS = 300;
const COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
  'CodeAnalytique',
];

/** mulberry32: the same file on every run. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(27);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const clientIds = Array.from({ length: CLIENTS }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const customers = clientIds.map((_, i) => `C${String(i).padStart(5, '0')}`);
const suppliers = ['GOOGLE', 'META', 'LINKEDIN', 'SEMRUSH', 'FREELANCE1', 'FREELANCE2', 'IMPRIMEUR', 'OVH'];
const salesAccounts = ['706100', '706200', '706300', '706400', '706000', '708000'];
const purchaseAccounts = ['604000', '611000', '622600', '623000', '627000', '606400'];
const otherAccounts = ['411000', '401000', '512000', '445710', '467100'];
const labels = ['Facture', 'Campagne Google Ads', 'Audit SEO', 'Netlinking', 'Emailing', 'Frais bancaires', 'Édition'];

function line(lineNo: number): FecLine {
  const kind = random();
  const account = kind < 0.4 ? pick(salesAccounts) : kind < 0.8 ? pick(purchaseAccounts) : pick(otherAccounts);
  const isSale = account.startsWith('7') || account.startsWith('411');
  const thirdParty = isSale ? pick(customers) : pick(suppliers);
  const cents = Math.round(random() * 500_000) as Cents;
  const debit = (isSale ? 0 : cents) as Cents;
  const credit = (isSale ? cents : 0) as Cents;
  const date = `${random() < 0.01 ? YEAR - 1 : YEAR}${String(1 + Math.floor(random() * 12)).padStart(2, '0')}15`;
  const label = `${pick(labels)} ${thirdParty} ${lineNo}`;
  const journal = random() < 0.005 ? 'AN' : isSale ? 'VT' : 'AC';
  const analytic = random() < 0.3 ? pick(['PAID', 'SEO', 'DATA']) : '';
  const fields = {
    lineNo,
    journal,
    entryNum: String(lineNo),
    entryDate: date,
    pieceDate: date,
    account,
    accountLabel: '',
    label,
    debit,
    credit,
    thirdParty,
    thirdPartyName: `Tiers ${thirdParty}`,
  };
  const values = [
    journal,
    '',
    fields.entryNum,
    date,
    account,
    '',
    thirdParty,
    fields.thirdPartyName,
    '',
    date,
    label,
    (debit / 100).toFixed(2).replace('.', ','),
    (credit / 100).toFixed(2).replace('.', ','),
    '',
    '',
    '',
    '',
    '',
    analytic,
  ];
  return { ...fields, values };
}

const lines = Array.from({ length: LINES }, (_, i) => line(i + 2));
const file: FecFile = { columns: COLUMNS, separator: '\t', encoding: 'utf-8', lines };

const target = () => ({ pole: pick(['Paid', 'SEO', 'Data', 'CRM']), line: pick(['L1', 'L2', 'L3']) });
const rules: MappingRule[] = [
  { when: { account: '627' }, then: { ignore: true } },
  { when: { account: '606' }, then: { ignore: true } },
  ...suppliers.map((s) => ({ when: { thirdParty: s, label: 'C001' }, then: { clientId: clientIds[1]!, ...target() } })),
  ...Array.from({ length: 20 }, (_, i) => ({ when: { thirdParty: customers[i]!, account: '7061' }, then: target() })),
  { when: { column: { name: 'code analytique', equals: 'PAID' } }, then: target() },
  { when: { label: 'netlinking' }, then: { pole: 'SEO', line: 'Netlinking' } },
  { when: { label: 'édition' }, then: target() },
  { when: { account: '7062' }, then: target() },
  {
    when: { account: '7063' },
    then: {
      split: [
        { ...target(), percent: 60 },
        { ...target(), percent: 40 },
      ],
    },
  },
  { when: { account: '706' }, then: { spread: 'forecast' } },
  { when: { account: '708' }, then: target() },
  ...Array.from({ length: 10 }, () => ({ when: { journal: 'OD', account: pick(purchaseAccounts) }, then: target() })),
  { when: { account: '604' }, then: { spread: 'forecast' } },
];
const doc = mappingDocument.parse({
  agentAccounts: ['467'],
  clients: [...customers.map((thirdParty, i) => ({ thirdParty, clientId: clientIds[i]! }))],
  rules,
});

const twelve = () => Array.from({ length: 12 }, () => Math.round(random() * 1_000_000) as Cents);
const forecasts = new Map<string, ForecastLine[]>(
  clientIds.map((id) => [
    id,
    Array.from({ length: 10 }, (_, i) => ({
      pole: pick(['Paid', 'SEO', 'Data']),
      line: `Ligne ${i}`,
      previsionnel: twelve(),
      achatPrevisionnel: twelve(),
    })),
  ]),
);

/** Median of `runs` timings of `work`, in ms, after one warm-up. */
function time(work: () => unknown, runs = 7): number {
  work();
  const times = Array.from({ length: runs }, () => {
    const start = performance.now();
    work();
    return performance.now() - start;
  });
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

const text = [COLUMNS.join('\t'), ...lines.map((l) => l.values.join('\t'))].join('\r\n');
const bytes = new TextEncoder().encode(text);
const splitMs = time(() => {
  const rows = new TextDecoder('utf-8').decode(bytes).split(/\r?\n/);
  let fields = 0;
  for (const row of rows) fields += row.split('\t').length;
  return fields;
});

const result = mapFec(file, doc, YEAR, forecasts);
const mapMs = time(() => mapFec(file, doc, YEAR, forecasts));

// Many « Toujours pour ce tiers » rules: one per customer and supplier, plus the rules above.
const manyRules = mappingDocument.parse({
  ...doc,
  rules: [
    ...customers.map((thirdParty, i) => ({
      when: { thirdParty, label: 'zzz' },
      then: { clientId: clientIds[i]!, ...target() },
    })),
    ...doc.rules,
  ],
});
const manyMs = time(() => mapFec(file, manyRules, YEAR, forecasts));

const mapped = result.months.reduce((n, m) => n + m.mappedSales + m.mappedPurchases, 0);
const ledger = result.months.reduce((n, m) => n + m.ledgerSales + m.ledgerPurchases, 0);
console.log(`${LINES} lines (${(bytes.length / 1e6).toFixed(1)} MB), ${doc.rules.length} rules, ${CLIENTS} clients`);
console.log(
  `  cells ${result.cells.length}, unmapped groups ${result.unmapped.length}, outside year ${result.outsideYear}`,
);
console.log(`  mapped ${((100 * mapped) / ledger).toFixed(1)} % of the ledger`);
console.log(`mapFec, ${doc.rules.length} rules: ${mapMs.toFixed(0)} ms (median of 7)`);
console.log(`mapFec, ${manyRules.rules.length} rules: ${manyMs.toFixed(0)} ms (median of 7)`);
console.log(`reference, decode + split into lines and fields: ${splitMs.toFixed(0)} ms (median of 7)`);
