/**
 * The expertise-pole catalogue (docs/product.md#pole-catalogue): keys, display names and default lines, in order.
 * The poles dashboard lists these poles first, in this order; other pole names follow alphabetically.
 */
export const POLE_CATALOGUE = [
  {
    key: 'paid',
    name: 'Paid',
    lines: [
      'Google Ads – Search',
      'Google Ads – Performance Max',
      'Google Ads – Display',
      'Google Shopping',
      'YouTube Ads',
      'Meta Ads (Facebook & Instagram)',
      'LinkedIn Ads',
      'TikTok Ads',
      'Microsoft Advertising',
      'Pinterest Ads',
      'Snapchat Ads',
      'Amazon Ads',
      'Reddit Ads',
      'Frais de gestion Paid',
    ],
  },
  {
    key: 'affiliation',
    name: 'Affiliation',
    lines: ["Plateforme d'affiliation", 'Frais de gestion affiliation'],
  },
  {
    key: 'programmatique',
    name: 'Programmatique',
    lines: [
      'Display programmatique',
      'Vidéo programmatique',
      'Audio digital',
      'DOOH',
      'CTV (TV connectée)',
      'Frais de plateforme DSP',
    ],
  },
  {
    key: 'offline',
    name: 'Offline',
    lines: ['Télévision', 'Radio', 'Presse', 'Affichage (OOH)', 'Cinéma', 'Production créative offline'],
  },
  {
    key: 'seo',
    name: 'SEO/GEO',
    lines: [
      'Audit SEO technique',
      'Audit sémantique & mots-clés',
      'Optimisation on-page',
      'Netlinking',
      'Rédaction de contenus SEO',
      'SEO local',
      'Données structurées',
      'Performance & Core Web Vitals',
      'Migration & refonte SEO',
      'Optimisation GEO (moteurs IA)',
      'Outils SEO',
      'Suivi & reporting SEO',
      'Accompagnement SEO mensuel',
    ],
  },
  {
    key: 'content',
    name: 'Content',
    lines: [
      'Stratégie éditoriale',
      'Production de contenus',
      'Création graphique',
      'Production vidéo',
      'Community management',
    ],
  },
  {
    key: 'data',
    name: 'Data',
    lines: [
      'Audit tracking',
      'Plan de marquage',
      'Implémentation GA4',
      'Server-side tracking',
      'Gestion du consentement (CMP)',
      'Tableaux de bord',
      'Data warehouse',
      'Attribution & modélisation',
      'Tests A/B & CRO',
      'Analyses ad hoc',
      'Maintenance tracking',
    ],
  },
  {
    key: 'crm',
    name: 'CRM',
    lines: ['Stratégie CRM', 'Emailing & automation', 'Gestion de la plateforme CRM', 'Segmentation & scoring'],
  },
  {
    key: 'outils',
    name: 'Outils / Abonnement',
    lines: [
      'Licence Google Marketing Platform',
      'Licence outil SEO',
      'Licence outil de reporting',
      'Licence CMP',
      'Licence outil CRM / emailing',
      'Autres abonnements',
    ],
  },
  {
    key: 'client',
    name: 'Client (Conseil & Accompagnement Général)',
    lines: ['Conseil stratégique', 'Accompagnement & gestion de projet'],
  },
] as const satisfies readonly { key: string; name: string; lines: readonly string[] }[];

export type PoleKey = (typeof POLE_CATALOGUE)[number]['key'];
export type CataloguePole = (typeof POLE_CATALOGUE)[number];

/** Total number of default lines over the whole catalogue (69). */
export const CATALOGUE_LINE_COUNT = POLE_CATALOGUE.reduce((n, p) => n + p.lines.length, 0);

/** The catalogue entry with this key, or undefined. */
export function findCataloguePole(key: string): CataloguePole | undefined {
  return POLE_CATALOGUE.find((p) => p.key === key);
}

/** Default lines of a catalogue pole that are not among `existingLineNames`, in catalogue order. */
export function missingDefaultLines(key: string, existingLineNames: readonly string[]): string[] {
  const pole = findCataloguePole(key);
  if (!pole) return [];
  const existing = new Set(existingLineNames);
  return pole.lines.filter((line) => !existing.has(line));
}

const catalogueRank = new Map<string, number>(POLE_CATALOGUE.map((p, i) => [p.name, i]));
/** Per catalogue pole name, the rank of each of its default lines. */
const lineRanks = new Map<string, Map<string, number>>(
  POLE_CATALOGUE.map((p) => [p.name, new Map<string, number>(p.lines.map((line, i) => [line, i]))]),
);

/** Names in `rank`'s order first, then the others alphabetically (French collation). */
function rankedThenFrench(rank: ReadonlyMap<string, number> | undefined, a: string, b: string): number {
  const ra = rank?.get(a);
  const rb = rank?.get(b);
  if (ra !== undefined && rb !== undefined) return ra - rb;
  if (ra !== undefined) return -1;
  if (rb !== undefined) return 1;
  return compareFrench(a, b);
}

/**
 * Compares pole names for display: catalogue poles first in catalogue order, then the other
 * names alphabetically (French collation).
 */
export function comparePoleNames(a: string, b: string): number {
  return rankedThenFrench(catalogueRank, a, b);
}

/**
 * Compares the names of a pole's lines for display (the dashboards' lines view, m21): the
 * catalogue's default lines of that pole first, in catalogue order, then the other names
 * alphabetically (French collation) — every line of a pole outside the catalogue too.
 */
export function compareLineNames(pole: string): (a: string, b: string) => number {
  const rank = lineRanks.get(pole);
  return (a, b) => rankedThenFrench(rank, a, b);
}

/** French collation for names (clients, custom poles). */
export function compareFrench(a: string, b: string): number {
  return a.localeCompare(b, 'fr');
}
