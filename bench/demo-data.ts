/**
 * Deterministic demo data: a whole backup (clients, poles, lines, twelve months of figures) that
 * looks like a real agency's year. Pure — no I/O, no Math.random, no clock unless `today` is left
 * out — so the tests, `npm run seed:demo` and every benchmark build the same data from one seed.
 *
 * Every amount is drawn in integer cents (the model) and encoded once to the backup's euros by
 * the domain's codec, so each has at most two decimals. Months are indexed 0–11 in `today`'s year; actuals (réel, achat réel) and invoiced
 * months exist only before `today`'s month (UTC, so the result does not depend on the time zone).
 */
import { grandTotals, marginPrev, revisedForecast } from '../src/domain/budget';
import { POLE_CATALOGUE } from '../src/domain/catalogue';
import { budgetDataToWire, clientsToWire } from '../src/domain/codec';
import { BACKUP_VERSION } from '../src/domain/files/backup-json';
import type { Client, Line, Pole } from '../src/domain/model';
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

interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], inclusive. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A new array in random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

function rng(seed: number): Rng {
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

function demoLine(r: Rng, id: string, name: string, poleKey: string, clientSize: number, pastMonths: number): Line {
  const [lo, hi] = PURCHASE_SHARE[poleKey] ?? [0, 0.5];
  const share = lo + r.next() * (hi - lo);
  const level = monthlyLevel(r, clientSize);
  // Some lines run all year, others only a few months (a campaign, a one-off audit).
  const activeShare = r.chance(0.6) ? 1 : 0.3 + r.next() * 0.5;
  const line = {
    previsionnel: [] as Cents[],
    achat_previsionnel: [] as Cents[],
    reel: [] as Cents[],
    achat: [] as Cents[],
  };
  for (let m = 0; m < MONTH_COUNT; m += 1) {
    const active = r.next() < activeShare;
    const prev = active ? scale(level, 0.8 + r.next() * 0.4) : ZERO_CENTS;
    const achatPrev = assertCents(Math.round(scale(prev, share) / 100) * 100);
    // Actuals: past months only, close to the forecast, to the cent; a few past months unrecorded.
    const recorded = m < pastMonths && prev > 0 && r.chance(0.9);
    const reel = recorded ? scale(prev, 0.75 + r.next() * 0.5) : ZERO_CENTS;
    const achat = recorded ? scale(reel, share * (0.9 + r.next() * 0.2)) : ZERO_CENTS;
    line.previsionnel.push(prev);
    line.achat_previsionnel.push(achatPrev);
    line.reel.push(reel);
    line.achat.push(achat);
  }
  return { id, name, ...line };
}

/** How many lines each chosen pole gets, and the custom names that fill the gap. */
function chooseLines(r: Rng, poles: readonly (typeof POLE_CATALOGUE)[number][], total: number): string[][] {
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
  const customs = r.shuffle(CUSTOM_LINE_BASES.flatMap((b) => CUSTOM_LINE_QUALIFIERS.map((q) => `${b}${q}`)));
  for (let k = 0; k < total - available; k += 1) lines[r.int(0, poles.length - 1)]!.push(customs[k]!);
  return lines;
}

/**
 * A full, valid backup of `clients` demo clients: 5–10 catalogue poles each, 20–60 lines,
 * forecasts all year, actuals and some invoiced months before `today`'s month, an initial
 * forecast near the planned margin and the revised forecast computed by the domain.
 * `seed` defaults to 1; `today` (default: now) splits past months, with actuals, from the rest.
 */
export function generateDemoBackup(options: { clients: number; seed?: number; today?: Date }): BackupWire {
  const seed = options.seed ?? 1;
  const today = options.today ?? new Date();
  const pastMonths = today.getUTCMonth();
  const r = rng(seed);
  const newId = idMaker(seed, rng(seed ^ 0x5eed));
  const takenNames = new Set<string>();
  const clients: Client[] = [];
  const budgetData: Record<string, Pole[]> = {};
  const yearStart = Date.UTC(today.getUTCFullYear(), 0, 1);

  for (let c = 0; c < options.clients; c += 1) {
    const id = newId('client');
    const name = companyName(r, takenNames);
    // From a local shop to a national brand: scales every amount of the client.
    const clientSize = Math.exp((r.next() - 0.5) * 2.5);
    const poleCount = r.int(DEMO_POLES_PER_CLIENT.min, DEMO_POLES_PER_CLIENT.max);
    const chosen = r.shuffle(POLE_CATALOGUE).slice(0, poleCount);
    const ordered = POLE_CATALOGUE.filter((p) => chosen.includes(p));
    const lineNames = chooseLines(r, ordered, r.int(DEMO_LINES_PER_CLIENT.min, DEMO_LINES_PER_CLIENT.max));
    const poles: Pole[] = ordered.map((p, i) => ({
      id: newId('pole'),
      name: p.name,
      isExpanded: r.chance(0.8),
      facture: Array.from({ length: MONTH_COUNT }, (_, m) => m < pastMonths && r.chance(0.7)),
      lines: lineNames[i]!.map((lineName) => demoLine(r, newId('line'), lineName, p.key, clientSize, pastMonths)),
    }));
    const plannedMargin = marginPrev(grandTotals(poles));
    // The initial forecast was set at the start of the year: near the plan, rounded to 100 €.
    const initial = assertCents(Math.round(scale(plannedMargin, 0.85 + r.next() * 0.3) / 10_000) * 10_000);
    clients.push({
      id,
      name,
      prevision_mb_annuelle_debut: initial,
      prevision_mb_annuelle_revue: revisedForecast(poles),
      // Spread over the first days of the year, in generation order.
      created_at: new Date(yearStart + c * 60_000).toISOString(),
    });
    budgetData[id] = poles;
  }
  return {
    clients: clientsToWire(clients),
    budgetData: budgetDataToWire(budgetData),
    exportDate: today.toISOString(),
    version: BACKUP_VERSION,
  };
}
