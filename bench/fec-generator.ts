/**
 * A deterministic FEC (docs/product.md#actuals-from-the-accounting) of a 40-person agency's year, shaped like Odoo's export: pipe
 * separator, CRLF, no newline after the last line, the 18 fields, amounts `1250,50`, the
 * auxiliary account only on the customer (411) and supplier (401) lines. Pure: no I/O, no
 * Math.random, no clock; the same options give the same bytes. The FEC reader's bench reads it.
 *
 * Journals: AN (opening balances, a few lines on 1 January), VE (sales: a 411 line carrying the
 * client, 1–3 fee lines on 706100 Paid media, 706200 SEO, 706300 Data, 706400 CRM, and 44571 VAT),
 * AC (purchases: a 401 line carrying the supplier — Google, Meta, LinkedIn, tools, freelancers,
 * advisers —, 604/611/622 lines and 44566 VAT; media bought as agent go to 467 accounts, and are
 * re-invoiced to the client through 411/467), BQ (receipts, payments, fees), OD (payroll at each
 * month's end, accruals).
 *
 * Customers are `C0001`… named as the demo data names its clients (`generateDemoBackup` with seed 1
 * and `today` in mid-June of `year`: for 2026 the very clients of the benches' data set), so rules
 * can map the third parties to existing clients; `fecThirdParties` lists them with the suppliers.
 *
 * Alone: `npx tsx bench/fec-generator.ts --lines 100000 --year 2026 [--clients 300] [--seed 1] > fec.txt`
 */
import { pathToFileURL } from 'node:url';
import { generateDemoBackup, rng, type Rng } from './demo-data';

export interface FecGeneratorOptions {
  year: number;
  /** Data lines, the header aside (default 100,000); 0 or at least 2. */
  lines?: number;
  /** Customers (default 300). */
  clients?: number;
  /** The draws of amounts, dates and counterparts (default 1). */
  seed?: number;
  /** The customers' names, one per client; default: the demo data's names (see the file's doc). */
  clientNames?: readonly string[];
}

/** A third party of the file: its CompAuxNum and CompAuxLib. */
export interface FecThirdParty {
  num: string;
  name: string;
  kind: 'customer' | 'supplier';
}

const FEC_HEADER =
  'JournalCode|JournalLib|EcritureNum|EcritureDate|CompteNum|CompteLib|CompAuxNum|CompAuxLib|PieceRef|PieceDate|EcritureLib|Debit|Credit|EcritureLet|DateLet|ValidDate|Montantdevise|Idevise';

const JOURNALS = {
  AN: 'A nouveaux',
  VE: 'Ventes',
  AC: 'Achats',
  BQ: 'Banque BNP',
  OD: 'Opérations diverses',
} as const;
type Journal = keyof typeof JOURNALS;

/** The agency's fee accounts, one per pole it sells. */
const SALES_ACCOUNTS = [
  { account: '706100', lib: 'Prestations – Média (honoraires)', what: 'Honoraires gestion campagnes' },
  { account: '706200', lib: 'Prestations – SEO', what: 'Référencement naturel' },
  { account: '706300', lib: 'Prestations – Data', what: 'Tableaux de bord et analyses' },
  { account: '706400', lib: 'Prestations – CRM', what: 'Emailing et automation' },
] as const;

interface Supplier {
  num: string;
  name: string;
  /** The expense account of its invoices. */
  account: string;
  accountLib: string;
  /** What its invoices say, before the client and month. */
  what: string;
  /** Media sold by an ad platform: bought as agent on this 467 account half of the time. */
  agentAccount?: string;
  /** Relative frequency of its invoices. */
  weight: number;
}

const SUPPLIERS: readonly Supplier[] = [
  {
    num: 'GOOGLE',
    name: 'GOOGLE IRELAND LTD',
    account: '604100',
    accountLib: 'Achats média',
    what: 'Google Ads',
    agentAccount: '467100',
    weight: 12,
  },
  {
    num: 'META',
    name: 'META PLATFORMS IRELAND LTD',
    account: '604100',
    accountLib: 'Achats média',
    what: 'Meta Ads',
    agentAccount: '467200',
    weight: 9,
  },
  {
    num: 'LINKEDIN',
    name: 'LINKEDIN IRELAND UNLIMITED',
    account: '604100',
    accountLib: 'Achats média',
    what: 'LinkedIn Ads',
    agentAccount: '467300',
    weight: 4,
  },
  {
    num: 'MICROSOFT',
    name: 'MICROSOFT IRELAND OPERATIONS',
    account: '604100',
    accountLib: 'Achats média',
    what: 'Microsoft Advertising',
    agentAccount: '467400',
    weight: 2,
  },
  {
    num: 'TIKTOK',
    name: 'TIKTOK INFORMATION TECHNOLOGIES UK',
    account: '604100',
    accountLib: 'Achats média',
    what: 'TikTok Ads',
    agentAccount: '467500',
    weight: 2,
  },
  {
    num: 'SEMRUSH',
    name: 'SEMRUSH CY LTD',
    account: '604300',
    accountLib: 'Achats outils SEO',
    what: 'Abonnement Semrush',
    weight: 1,
  },
  {
    num: 'AHREFS',
    name: 'AHREFS PTE LTD',
    account: '604300',
    accountLib: 'Achats outils SEO',
    what: 'Abonnement Ahrefs',
    weight: 1,
  },
  {
    num: 'HUBSPOT',
    name: 'HUBSPOT IRELAND LTD',
    account: '604400',
    accountLib: 'Achats outils CRM',
    what: 'Licences HubSpot',
    weight: 1,
  },
  {
    num: 'BREVO',
    name: 'BREVO SAS',
    account: '604400',
    accountLib: 'Achats outils CRM',
    what: 'Envois Brevo',
    weight: 2,
  },
  {
    num: 'F-DUPONT',
    name: 'Marie Dupont (freelance)',
    account: '611000',
    accountLib: 'Sous-traitance générale',
    what: 'Rédaction SEO',
    weight: 3,
  },
  {
    num: 'F-LEROY',
    name: 'Julien Leroy (freelance)',
    account: '611000',
    accountLib: 'Sous-traitance générale',
    what: 'Intégration tracking',
    weight: 2,
  },
  {
    num: 'F-GARNIER',
    name: 'Studio Garnier',
    account: '604200',
    accountLib: 'Achats de prestations',
    what: 'Création visuels',
    weight: 3,
  },
  {
    num: 'F-MOREL',
    name: 'Data Morel Conseil',
    account: '604200',
    accountLib: 'Achats de prestations',
    what: 'Modélisation data',
    weight: 2,
  },
  {
    num: 'EXPERT',
    name: 'Cabinet Fontaine Expertise Comptable',
    account: '622600',
    accountLib: 'Honoraires',
    what: 'Honoraires comptables',
    weight: 1,
  },
  {
    num: 'AVOCAT',
    name: 'Chevalier Avocats',
    account: '622600',
    accountLib: 'Honoraires',
    what: 'Honoraires juridiques',
    weight: 0.3,
  },
];

/** A 40-person agency's year, in euros excluding VAT. */
const YEAR = {
  /** Fees sold (class 7). */
  fees: 5_500_000,
  /** Bought as principal (class 6, payroll aside). */
  purchases: 1_200_000,
  /** Media bought as agent (467), re-invoiced at cost. */
  agentMedia: 3_000_000,
};

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** The customers' names: the demo data's clients (seed 1, mid-June of `year`), or the ones given. */
function customerNames(options: FecGeneratorOptions, clients: number): readonly string[] {
  if (options.clientNames) {
    if (options.clientNames.length !== clients) throw new RangeError(`${clients} noms de clients attendus.`);
    return options.clientNames;
  }
  const today = new Date(Date.UTC(options.year, 5, 15, 12));
  return generateDemoBackup({ clients, seed: 1, today, years: 1 }).clients.map((c) => c.name);
}

const customerNum = (i: number) => `C${String(i + 1).padStart(4, '0')}`;

/** Every third party the file uses: the customers (`C0001`…) and the suppliers. */
export function fecThirdParties(options: FecGeneratorOptions): FecThirdParty[] {
  const names = customerNames(options, options.clients ?? 300);
  return [
    ...names.map((name, i) => ({ num: customerNum(i), name, kind: 'customer' as const })),
    ...SUPPLIERS.map((s) => ({ num: s.num, name: s.name, kind: 'supplier' as const })),
  ];
}

/** Cents → `1250,50`. */
const amount = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

/** One line of an entry before it is written. */
interface Posting {
  account: string;
  accountLib: string;
  aux?: { num: string; name: string };
  label: string;
  debit: number;
  credit: number;
}

/** A draw among items by weight (cumulative weights, binary search): the index drawn. */
function weightedPicker<T>(items: readonly T[], weightOf: (item: T, i: number) => number) {
  const cumulative: number[] = [];
  let total = 0;
  items.forEach((item, i) => cumulative.push((total += weightOf(item, i))));
  return (r: Rng): number => {
    const x = r.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

/** The FEC as text (see the file's doc). */
export function generateFecText(options: FecGeneratorOptions): string {
  const { year, lines = 100_000, clients = 300, seed = 1 } = options;
  if (lines === 1 || !Number.isSafeInteger(lines) || lines < 0) throw new RangeError('lines : 0, ou au moins 2.');
  const r = rng(seed);
  const names = customerNames(options, clients);
  const customers = names.map((name, i) => ({ num: customerNum(i), name }));
  // From a local shop to a national brand, as in the demo data: scales invoices and their count.
  const sizes = customers.map(() => Math.exp((r.next() - 0.5) * 2.5));
  const pickCustomer = weightedPicker(sizes, (size) => size);
  const drawSupplier = weightedPicker(SUPPLIERS, (s) => s.weight);
  const pickSupplier = (r: Rng) => SUPPLIERS[drawSupplier(r)]!;
  const daysInYear = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;

  const out: string[] = [FEC_HEADER];
  const numbers: Record<Journal, number> = { AN: 0, VE: 0, AC: 0, BQ: 0, OD: 0 };
  const write = (journal: Journal, date: string, pieceRef: string, postings: readonly Posting[]) => {
    numbers[journal] += 1;
    const entryNum = `${journal}/${year}/${String(numbers[journal]).padStart(5, '0')}`;
    for (const p of postings) {
      out.push(
        [
          journal,
          JOURNALS[journal],
          entryNum,
          date,
          p.account,
          p.accountLib,
          p.aux?.num ?? '',
          p.aux?.name ?? '',
          pieceRef,
          date,
          p.label,
          amount(p.debit),
          amount(p.credit),
          '',
          '',
          date,
          '',
          '',
        ].join('|'),
      );
    }
  };
  const dateOf = (dayIndex: number) =>
    new Date(Date.UTC(year, 0, 1 + dayIndex)).toISOString().slice(0, 10).replaceAll('-', '');
  const cents = (min: number, max: number) => Math.round(min * 100 + r.next() * (max - min) * 100);
  // Around `mean` euros (from a fifth of it to 1.8 times it), in cents.
  const draw = (mean: number) => Math.round(mean * 100 * (0.2 + 1.6 * r.next()));
  // The year's volumes are the agency's whatever the line count: the means follow from the
  // expected counts (the shares of the draw below, 2.9 lines per entry on average).
  const entries = lines / 2.9;
  // The mean size of an invoiced client: clients are drawn in proportion to their size.
  const meanSize =
    sizes.reduce((s, x) => s + x * x, 0) /
    Math.max(
      1e-9,
      sizes.reduce((s, x) => s + x, 0),
    );
  const mean = {
    feeLine: YEAR.fees / (entries * 0.3 * 2),
    expenseLine: YEAR.purchases / (entries * 0.2 * 1.5),
    media: YEAR.agentMedia / (entries * 0.1 * 0.6),
    receipt: (YEAR.fees * 1.2 + YEAR.agentMedia) / (entries * 0.18),
    payment: (YEAR.purchases * 1.2 + YEAR.agentMedia) / (entries * 0.18),
  };
  const vat = (ht: number) => Math.round(ht * 0.2);

  // Opening balances on 1 January: balance-sheet accounts only, balanced by the result carried.
  if (lines >= 100) {
    const opening: Posting[] = [
      {
        account: '512000',
        accountLib: 'Banque BNP',
        label: 'A nouveau banque',
        debit: cents(150_000, 400_000),
        credit: 0,
      },
      ...[0, 1, 2].map((i) => ({
        account: '411000',
        accountLib: 'Clients',
        aux: customers[i]!,
        label: 'A nouveau client',
        debit: cents(5_000, 60_000),
        credit: 0,
      })),
      {
        account: '401000',
        accountLib: 'Fournisseurs',
        aux: SUPPLIERS[0]!,
        label: 'A nouveau fournisseur',
        debit: 0,
        credit: cents(20_000, 80_000),
      },
      {
        account: '101300',
        accountLib: 'Capital souscrit appelé versé',
        label: 'A nouveau capital',
        debit: 0,
        credit: 5_000_000,
      },
    ];
    const balance = opening.reduce((s, p) => s + p.debit - p.credit, 0);
    opening.push({
      account: '110000',
      accountLib: 'Report à nouveau',
      label: 'A nouveau report',
      debit: Math.max(0, -balance),
      credit: Math.max(0, balance),
    });
    write('AN', `${year}0101`, 'OUVERTURE', opening);
  }

  const remaining = () => lines - (out.length - 1);
  // Payroll at the end of each month (a 40-person agency: about 190 k€ gross a month).
  let paidMonths = 0;
  const payroll = () => {
    const m = paidMonths;
    paidMonths += 1;
    const end = dateOf(Math.round((Date.UTC(year, m + 1, 0) - Date.UTC(year, 0, 1)) / 86_400_000));
    const gross = cents(180_000, 200_000);
    const employer = Math.round(gross * 0.42);
    const employee = Math.round(gross * 0.22);
    write('OD', end, `PAIE-${String(m + 1).padStart(2, '0')}`, [
      { account: '641100', accountLib: 'Salaires', label: `Salaires ${MONTHS[m]}`, debit: gross, credit: 0 },
      {
        account: '645100',
        accountLib: 'Cotisations URSSAF',
        label: `Charges sociales ${MONTHS[m]}`,
        debit: employer,
        credit: 0,
      },
      {
        account: '421000',
        accountLib: 'Personnel - rémunérations dues',
        label: `Net à payer ${MONTHS[m]}`,
        debit: 0,
        credit: gross - employee,
      },
      {
        account: '431000',
        accountLib: 'Sécurité sociale',
        label: `URSSAF ${MONTHS[m]}`,
        debit: 0,
        credit: employer + employee,
      },
    ]);
  };
  // Entries have at most 5 lines: the loop leaves 8–12 lines for December's payroll and the fees.
  while (remaining() >= 13) {
    const progress = (out.length - 1) / lines;
    const date = dateOf(Math.min(daysInYear - 1, Math.floor(progress * daysInYear)));
    const entryMonth = Number(date.slice(4, 6)) - 1;
    if (entryMonth > paidMonths) {
      payroll();
      continue;
    }
    const monthName = MONTHS[entryMonth]!;
    const kind = r.next();
    if (kind < 0.3) {
      // A sales invoice: the 411 line carries the client; the fee lines do not (Odoo's shape).
      const c = pickCustomer(r);
      const customer = customers[c]!;
      const size = sizes[c]!;
      const pieceRef = `FAC-${year}-${String(numbers.VE + 1).padStart(5, '0')}`;
      const fees = r
        .shuffle(SALES_ACCOUNTS)
        .slice(0, r.int(1, 3))
        .map((s) => ({
          account: s.account,
          accountLib: s.lib,
          label: `${customer.name} – ${s.what} ${monthName} ${year}`,
          debit: 0,
          credit: Math.round((draw(mean.feeLine) * size) / meanSize),
        }));
      const ht = fees.reduce((s, p) => s + p.credit, 0);
      write('VE', date, pieceRef, [
        {
          account: '411000',
          accountLib: 'Clients',
          aux: customer,
          label: `${customer.name} – ${pieceRef}`,
          debit: ht + vat(ht),
          credit: 0,
        },
        ...fees,
        { account: '445710', accountLib: 'TVA collectée', label: `TVA ${pieceRef}`, debit: 0, credit: vat(ht) },
      ]);
    } else if (kind < 0.5) {
      // A supplier invoice bought as principal: 401 line, one or two expense lines, deductible VAT.
      const supplier = pickSupplier(r);
      const customer = customers[pickCustomer(r)]!;
      const pieceRef = `${supplier.num}-${year}-${r.int(10_000, 99_999)}`;
      const expenses = Array.from({ length: r.int(1, 2) }, () => ({
        account: supplier.account,
        accountLib: supplier.accountLib,
        label: `${supplier.what} – ${customer.name} – ${monthName}`,
        debit: draw(mean.expenseLine),
        credit: 0,
      }));
      const ht = expenses.reduce((s, p) => s + p.debit, 0);
      write('AC', date, pieceRef, [
        {
          account: '401000',
          accountLib: 'Fournisseurs',
          aux: supplier,
          label: `${supplier.name} ${pieceRef}`,
          debit: 0,
          credit: ht + vat(ht),
        },
        ...expenses,
        {
          account: '445660',
          accountLib: 'TVA déductible sur ABS',
          label: `TVA ${pieceRef}`,
          debit: vat(ht),
          credit: 0,
        },
      ]);
    } else if (kind < 0.6) {
      // Media bought as agent (loi Sapin): on a 467 account for the client, re-invoiced at cost.
      const platforms = SUPPLIERS.filter((s) => s.agentAccount);
      const supplier = platforms[r.int(0, platforms.length - 1)]!;
      const customer = customers[pickCustomer(r)]!;
      const spend = draw(mean.media);
      const label = `${supplier.what} – ${customer.name} – ${monthName}`;
      if (r.chance(0.6)) {
        write('AC', date, `${supplier.num}-${year}-${r.int(10_000, 99_999)}`, [
          { account: '401000', accountLib: 'Fournisseurs', aux: supplier, label, debit: 0, credit: spend },
          {
            account: supplier.agentAccount!,
            accountLib: `Mandat média ${supplier.what}`,
            label,
            debit: spend,
            credit: 0,
          },
        ]);
      } else {
        write('VE', date, `DEB-${year}-${String(numbers.VE + 1).padStart(5, '0')}`, [
          {
            account: '411000',
            accountLib: 'Clients',
            aux: customer,
            label: `Refacturation ${label}`,
            debit: spend,
            credit: 0,
          },
          {
            account: supplier.agentAccount!,
            accountLib: `Mandat média ${supplier.what}`,
            label: `Refacturation ${label}`,
            debit: 0,
            credit: spend,
          },
        ]);
      }
    } else if (kind < 0.78) {
      const customer = customers[pickCustomer(r)]!;
      const paid = draw(mean.receipt);
      write('BQ', date, `REL-${date}`, [
        {
          account: '512000',
          accountLib: 'Banque BNP',
          label: `VIR ${customer.name.toUpperCase()}`,
          debit: paid,
          credit: 0,
        },
        {
          account: '411000',
          accountLib: 'Clients',
          aux: customer,
          label: `VIR ${customer.name.toUpperCase()}`,
          debit: 0,
          credit: paid,
        },
      ]);
    } else if (kind < 0.96) {
      const supplier = pickSupplier(r);
      const paid = draw(mean.payment);
      write('BQ', date, `REL-${date}`, [
        {
          account: '401000',
          accountLib: 'Fournisseurs',
          aux: supplier,
          label: `PRLV ${supplier.name}`,
          debit: paid,
          credit: 0,
        },
        { account: '512000', accountLib: 'Banque BNP', label: `PRLV ${supplier.name}`, debit: 0, credit: paid },
      ]);
    } else {
      // An accrual: a supplier invoice not received yet (FNP), on a freelance's account.
      const accrued = draw(mean.expenseLine);
      write('OD', date, 'FNP', [
        {
          account: '611000',
          accountLib: 'Sous-traitance générale',
          label: `FNP sous-traitance ${monthName}`,
          debit: accrued,
          credit: 0,
        },
        {
          account: '408100',
          accountLib: 'Fournisseurs - factures non parvenues',
          label: `FNP sous-traitance ${monthName}`,
          debit: 0,
          credit: accrued,
        },
      ]);
    }
  }
  while (paidMonths < 12 && remaining() >= 6) payroll();
  // The last few lines: bank fees of 2 lines (3 with VAT when an odd count is left), dated 31 December.
  let left = remaining();
  const fee = (withVat: boolean) => {
    const ht = cents(5, 60);
    const tax = withVat ? vat(ht) : 0;
    write('BQ', `${year}1231`, 'FRAIS', [
      { account: '627000', accountLib: 'Services bancaires', label: 'Frais bancaires', debit: ht, credit: 0 },
      ...(withVat
        ? [
            {
              account: '445660',
              accountLib: 'TVA déductible sur ABS',
              label: 'TVA frais bancaires',
              debit: tax,
              credit: 0,
            },
          ]
        : []),
      { account: '512000', accountLib: 'Banque BNP', label: 'Frais bancaires', debit: 0, credit: ht + tax },
    ]);
  };
  if (left % 2 === 1) {
    fee(true);
    left -= 3;
  }
  for (; left > 0; left -= 2) fee(false);
  return out.join('\r\n');
}

/** The FEC as UTF-8 bytes (see the file's doc). */
export function generateFec(options: FecGeneratorOptions): Uint8Array {
  return new TextEncoder().encode(generateFecText(options));
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const bytes = generateFec({
    year: Number(arg('year') ?? 2026),
    lines: Number(arg('lines') ?? 100_000),
    clients: Number(arg('clients') ?? 300),
    seed: Number(arg('seed') ?? 1),
  });
  process.stdout.write(bytes);
}
