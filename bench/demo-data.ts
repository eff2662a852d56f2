/**
 * Deterministic demo data: a whole version 2 backup (clients, and for each of three years their
 * poles, lines and twelve months of figures) that looks like a real agency's budgets. Pure — no
 * I/O, no Math.random, no clock unless `today` is left out — so the tests, `npm run seed:demo` and
 * every benchmark build the same data from one seed.
 *
 * Every amount is drawn in integer cents (the model) and encoded once to the backup's euros by
 * the domain's codec, so each has at most two decimals. `today` (UTC, so the result does not
 * depend on the time zone) decides the years and which months hold actuals (réel, achat réel) and
 * invoiced months: every month of the previous year, the months before `today`'s in the current
 * year, none of the next.
 */
import { grandTotals, marginPrev, revisedForecast } from '../src/domain/budget';
import { POLE_CATALOGUE } from '../src/domain/catalogue';
import {
  buildAllYearsBackup,
  ONE_YEAR_BACKUP_VERSION,
  type AllYearsBackupDocument,
} from '../src/domain/files/backup-json';
import type { ClientIdentity, Line, Pole, YearBudget } from '../src/domain/model';
import { ZERO_CENTS, assertCents, type Cents } from '../src/domain/money';
import { MONTH_COUNT } from '../src/domain/months';
import type { BackupWire } from '../src/domain/schemas';

/** Lines per client, inclusive. */
export const DEMO_LINES_PER_CLIENT = { min: 20, max: 60 } as const;
/** Catalogue poles per client, inclusive (the catalogue has 10). */
export const DEMO_POLES_PER_CLIENT = { min: 5, max: 10 } as const;

/** mulberry32: a tiny, fast, well-mixed 32-bit PRNG; enough for demo data, not for secrets. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], inclusive. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A new array in random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/** The demo's random draws from one seed (mulberry32); the FEC generator draws with it too. */
export function rng(seed: number): Rng {
  const next = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[int(0, items.length - 1)]!,
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}

const hex = (n: number, width: number) => (n >>> 0).toString(16).padStart(width, '0').slice(-width);

/**
 * UUID-shaped ids, unique within one backup by construction: the seed, the kind of row and a
 * counter are written into the id; two random groups keep them from looking sequential.
 */
function idMaker(seed: number, r: Rng) {
  let counter = 0;
  return (kind: 'client' | 'pole' | 'line') => {
    counter += 1;
    const kindCode = { client: 'c1', pole: 'd2', line: 'e3' }[kind];
    return `${hex(seed, 8)}-${kindCode}${hex(r.int(0, 0xff), 2)}-4${hex(r.int(0, 0xfff), 3)}-8${hex(r.int(0, 0xfff), 3)}-${hex(counter, 12)}`;
  };
}

// ---- names -----------------------------------------------------------------------------------

const COMPANY_KINDS = [
  'Boulangerie',
  'Maison',
  'Atelier',
  'Groupe',
  'Laboratoires',
  'Transports',
  'Cave',
  'Éditions',
  'Brasserie',
  'Fromagerie',
  'Pharmacie',
  'Librairie',
  'Menuiserie',
  'Optique',
  'Immobilière',
  'Assurances',
  'Jardineries',
  'Cosmétiques',
  'Hôtel',
  'Domaine',
  'Chocolaterie',
  'Garage',
  'Agence',
  'Clinique',
  'Biscuiterie',
  'Parfumerie',
  'Distillerie',
  'Cycles',
  'Studio',
  'Textiles',
] as const;
const FAMILY_NAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Lefebvre',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'François',
  'Martinez',
  'Legrand',
  'Garnier',
  'Faure',
  'Rousseau',
  'Blanc',
  'Guérin',
  'Muller',
  'Henry',
  'Roussel',
  'Nicolas',
  'Perrin',
  'Morin',
  'Mathieu',
  'Clément',
  'Gauthier',
  'Dumont',
  'Lopez',
  'Fontaine',
  'Chevalier',
  'Robin',
] as const;
const PLACE_NAMES = [
  'du Lac',
  'des Alpes',
  'de Provence',
  'du Val de Loire',
  'de Bretagne',
  'des Vosges',
  "d'Aquitaine",
  'du Périgord',
  'de Normandie',
  'du Jura',
  'de Savoie',
  'des Landes',
] as const;
const LEGAL_FORMS = ['', '', ' SAS', ' SARL', ' SA', ' & Fils', ' et Associés'] as const;

/** A plausible French company name; `taken` keeps them unique within one backup. */
function companyName(r: Rng, taken: Set<string>): string {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const kind = r.pick(COMPANY_KINDS);
    const name = r.chance(0.75)
      ? `${kind} ${r.pick(FAMILY_NAMES)}${r.pick(LEGAL_FORMS)}`
      : `${kind} ${r.pick(PLACE_NAMES)}${r.pick(LEGAL_FORMS)}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  // Thousands of clients exhaust the combinations: number the rest, still unique.
  const name = `${r.pick(COMPANY_KINDS)} ${r.pick(FAMILY_NAMES)} ${taken.size + 1}`;
  taken.add(name);
  return name;
}

/** Custom lines an agency adds when the catalogue lines are not enough. */
const CUSTOM_LINE_BASES = [
  'Campagne saisonnière',
  'Mission ponctuelle',
  'Atelier de formation',
  'Veille concurrentielle',
  'Refonte des pages d’atterrissage',
  'Reporting trimestriel',
  'Accompagnement spécifique',
  'Lancement produit',
  'Opération soldes',
  'Événementiel',
  'Étude de marché',
  'Prestation complémentaire',
] as const;
const CUSTOM_LINE_QUALIFIERS = [
  '',
  ' – printemps',
  ' – été',
  ' – automne',
  ' – hiver',
  ' – national',
  ' – international',
] as const;

// ---- amounts ---------------------------------------------------------------------------------

/** Share of forecast sales bought from suppliers, by catalogue pole key: media is mostly bought. */
const PURCHASE_SHARE: Record<string, readonly [number, number]> = {
  paid: [0.6, 0.85],
  affiliation: [0.5, 0.8],
  programmatique: [0.6, 0.85],
  offline: [0.7, 0.9],
  seo: [0, 0.25],
  content: [0.1, 0.4],
  data: [0, 0.2],
  crm: [0.1, 0.35],
  outils: [0.7, 0.95],
  client: [0, 0.1],
};

/** A monthly sales level in cents, log-uniform between 100 € and 6,000 € times the client's size, rounded to 10 €. */
function monthlyLevel(r: Rng, clientSize: number): Cents {
  const euros = Math.exp(Math.log(100) + r.next() * (Math.log(6_000) - Math.log(100))) * clientSize;
  return assertCents(Math.round(euros / 10) * 1000);
}

/** `cents × factor`, rounded to whole cents. */
const scale = (cents: Cents, factor: number): Cents => assertCents(Math.round(cents * factor));

/** What a line keeps from one year to the next: its name, purchase share, monthly level and the months it runs. */
interface LineProfile {
  name: string;
  share: number;
  level: Cents;
  active: boolean[];
}

function lineProfile(r: Rng, name: string, poleKey: string, clientSize: number): LineProfile {
  const [lo, hi] = PURCHASE_SHARE[poleKey] ?? [0, 0.5];
  const share = lo + r.next() * (hi - lo);
  const level = monthlyLevel(r, clientSize);
  // Some lines run all year, others only a few months (a campaign, a one-off audit), the same every year.
  const activeShare = r.chance(0.6) ? 1 : 0.3 + r.next() * 0.5;
  const active = Array.from({ length: MONTH_COUNT }, () => r.next() < activeShare);
  return { name, share, level, active };
}

/**
 * One year of a line: forecasts near `growth` × its level in the months it runs; actuals in the
 * first `pastMonths` months only, close to the forecast, to the cent, a few of them unrecorded.
 */
function demoLine(r: Rng, id: string, profile: LineProfile, growth: number, pastMonths: number): Line {
  const line = {
    previsionnel: [] as Cents[],
    achat_previsionnel: [] as Cents[],
    reel: [] as Cents[],
    achat: [] as Cents[],
  };
  for (let m = 0; m < MONTH_COUNT; m += 1) {
    const prev = profile.active[m] ? scale(profile.level, growth * (0.8 + r.next() * 0.4)) : ZERO_CENTS;
    const achatPrev = assertCents(Math.round(scale(prev, profile.share) / 100) * 100);
    const recorded = m < pastMonths && prev > 0 && r.chance(0.9);
    const reel = recorded ? scale(prev, 0.75 + r.next() * 0.5) : ZERO_CENTS;
    const achat = recorded ? scale(reel, profile.share * (0.9 + r.next() * 0.2)) : ZERO_CENTS;
    line.previsionnel.push(prev);
    line.achat_previsionnel.push(achatPrev);
    line.reel.push(reel);
    line.achat.push(achat);
  }
  return { id, name: profile.name, ...line };
}

// ---- structure -------------------------------------------------------------------------------

/** A client's catalogue pole with the lines it holds in the current year. */
interface PolePlan {
  key: string;
  name: string;
  lines: LineProfile[];
}

/** How many lines each chosen pole gets; custom names, taken from `spare`, fill the gap. */
function chooseLines(
  r: Rng,
  poles: readonly (typeof POLE_CATALOGUE)[number][],
  total: number,
  spare: string[],
): string[][] {
  const available = poles.reduce((n, p) => n + p.lines.length, 0);
  if (available >= total) {
    // Every pole keeps at least one line; the rest is drawn from the remaining catalogue lines.
    const keep = poles.map((p) => new Set<string>([r.pick(p.lines)]));
    const rest = r.shuffle(
      poles.flatMap((p, i) => p.lines.filter((l) => !keep[i]!.has(l)).map((l) => [i, l] as const)),
    );
    for (const [i, l] of rest.slice(0, total - poles.length)) keep[i]!.add(l);
    // Catalogue order within a pole, as the "add pole" dialog creates them.
    return poles.map((p, i) => p.lines.filter((l) => keep[i]!.has(l)));
  }
  const lines = poles.map((p) => [...p.lines] as string[]);
  for (let k = 0; k < total - available; k += 1) lines[r.int(0, poles.length - 1)]!.push(spare.shift()!);
  return lines;
}

/** Chance that a line of the current year is absent from the previous or the next one. */
const LINE_CHANGE_CHANCE = 0.015;
/** Chance that the previous or the next year holds one line the current year does not. */
const EXTRA_LINE_CHANCE = 0.6;

/**
 * The lines of the previous or the next year: the current year's, a few left out (never a pole's
 * last line), sometimes one more at the end of a pole (its name taken from `spare`); the count
 * stays within DEMO_LINES_PER_CLIENT.
 */
function neighbourYearLines(r: Rng, poles: readonly PolePlan[], spare: string[], clientSize: number): LineProfile[][] {
  let total = poles.reduce((n, p) => n + p.lines.length, 0);
  const out = poles.map((p) => [...p.lines]);
  for (const lines of out) {
    for (let i = lines.length - 1; i >= 0; i -= 1) {
      if (r.chance(LINE_CHANGE_CHANCE) && lines.length > 1 && total > DEMO_LINES_PER_CLIENT.min) {
        lines.splice(i, 1);
        total -= 1;
      }
    }
  }
  if (r.chance(EXTRA_LINE_CHANCE) && total < DEMO_LINES_PER_CLIENT.max) {
    const p = r.int(0, poles.length - 1);
    out[p]!.push(lineProfile(r, spare.shift()!, poles[p]!.key, clientSize));
  }
  return out;
}

// ---- the backup ------------------------------------------------------------------------------

/** The demo's years, relative to `today`'s: the previous (all actuals), the current, the next (forecasts only). */
export const DEMO_YEAR_OFFSETS = [-1, 0, 1] as const;

/** How many months of `year` carry actuals on `today` (UTC): every month of a past year, none of a future one. */
export function pastMonthsOf(year: number, today: Date): number {
  const current = today.getUTCFullYear();
  if (year < current) return MONTH_COUNT;
  return year === current ? today.getUTCMonth() : 0;
}

export interface DemoOptions {
  clients: number;
  /** Default 1. */
  seed?: number;
  /** Default now: its year (UTC) is the current year, its month splits past months from the rest. */
  today?: Date;
  /** 3 (default): the previous, current and next year; 1: the current year alone, the very same as in 3. */
  years?: 1 | 3;
}

/**
 * A full, valid version 2 backup of `clients` demo clients over three years (or the current one).
 * Each client has 5–10 catalogue poles and 20–60 lines; each year its own copy of them (new ids,
 * the same names, now and then a line more or less), forecasts all year growing 2–8 % a year,
 * actuals and ~70 % invoiced months in past months only (every month of the previous year, the
 * months before `today`'s in the current one, none in the next), an initial forecast near the
 * planned margin and the revised forecast computed by the domain.
 */
export function generateDemoBackup(options: DemoOptions): AllYearsBackupDocument {
  const seed = options.seed ?? 1;
  const today = options.today ?? new Date();
  const current = today.getUTCFullYear();
  const r = rng(seed);
  const newId = idMaker(seed, rng(seed ^ 0x5eed));
  const takenNames = new Set<string>();
  const clients: ClientIdentity[] = [];
  const years: YearBudget[] = DEMO_YEAR_OFFSETS.map((offset) => ({
    year: current + offset,
    clients: [],
    budgetData: {},
  }));
  // Clients were created in the first days of the previous year, in generation order.
  const firstDay = Date.UTC(current - 1, 0, 1);

  for (let c = 0; c < options.clients; c += 1) {
    const id = newId('client');
    const name = companyName(r, takenNames);
    // From a local shop to a national brand: scales every amount of the client.
    const clientSize = Math.exp((r.next() - 0.5) * 2.5);
    const poleCount = r.int(DEMO_POLES_PER_CLIENT.min, DEMO_POLES_PER_CLIENT.max);
    const chosen = r.shuffle(POLE_CATALOGUE).slice(0, poleCount);
    const ordered = POLE_CATALOGUE.filter((p) => chosen.includes(p));
    const spare = r.shuffle(CUSTOM_LINE_BASES.flatMap((b) => CUSTOM_LINE_QUALIFIERS.map((q) => `${b}${q}`)));
    const lineNames = chooseLines(r, ordered, r.int(DEMO_LINES_PER_CLIENT.min, DEMO_LINES_PER_CLIENT.max), spare);
    const plan: PolePlan[] = ordered.map((p, i) => ({
      key: p.key,
      name: p.name,
      lines: lineNames[i]!.map((lineName) => lineProfile(r, lineName, p.key, clientSize)),
    }));
    const growth = 1.02 + r.next() * 0.06;
    const linesByYear = [
      neighbourYearLines(r, plan, spare, clientSize),
      plan.map((p) => p.lines),
      neighbourYearLines(r, plan, spare, clientSize),
    ];
    DEMO_YEAR_OFFSETS.forEach((offset, k) => {
      const year = years[k]!;
      const pastMonths = pastMonthsOf(year.year, today);
      const poles: Pole[] = plan.map((p, i) => ({
        id: newId('pole'),
        name: p.name,
        isExpanded: r.chance(0.8),
        facture: Array.from({ length: MONTH_COUNT }, (_, m) => m < pastMonths && r.chance(0.7)),
        lines: linesByYear[k]![i]!.map((profile) => demoLine(r, newId('line'), profile, growth ** offset, pastMonths)),
      }));
      const plannedMargin = marginPrev(grandTotals(poles));
      // The initial forecast was set at the start of the year: near the plan, rounded to 100 €.
      const initial = assertCents(Math.round(scale(plannedMargin, 0.85 + r.next() * 0.3) / 10_000) * 10_000);
      year.clients.push({
        id,
        prevision_mb_annuelle_debut: initial,
        prevision_mb_annuelle_revue: revisedForecast(poles),
      });
      year.budgetData[id] = poles;
    });
    clients.push({ id, name, created_at: new Date(firstDay + c * 60_000).toISOString() });
  }
  const kept = options.years === 1 ? years.filter((y) => y.year === current) : years;
  return buildAllYearsBackup({ clients, years: kept }, today);
}

/** One year of a version 2 document in SPEC's one-year shape (what POST /api/backup?year= restores). */
export function oneYearDocument(doc: AllYearsBackupDocument, year: number): BackupWire {
  const budget = doc.years.find((y) => y.year === year);
  if (!budget) throw new Error(`Exercice ${year} absent des données de démonstration.`);
  const fields = new Map(budget.clients.map((c) => [c.id, c]));
  return {
    clients: doc.clients.map((c) => ({
      id: c.id,
      name: c.name,
      prevision_mb_annuelle_debut: fields.get(c.id)?.prevision_mb_annuelle_debut ?? 0,
      prevision_mb_annuelle_revue: fields.get(c.id)?.prevision_mb_annuelle_revue ?? 0,
      created_at: c.created_at,
    })),
    budgetData: budget.budgetData,
    exportDate: doc.exportDate,
    version: ONE_YEAR_BACKUP_VERSION,
    year,
  };
}
