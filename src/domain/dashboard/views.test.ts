import { describe, expect, it } from 'vitest';
import { MONTHS } from '../months';
import type { Measure } from '../measures';
import { makeClient, makeLine, makePole, centsFixture, type PlainCents } from '../testing/builders';
import { aggregateBudgets, buildDashboard, type DashboardInput } from './from-budgets';
import type { Dashboard, MarginRow } from './views';
import { oneLineClient, specOnly, sums, twelveOf, zeroMonth, type Budget, type Spec } from './test-helpers';

const dashboardOf = (budgets: Budget[]): Dashboard => buildDashboard(aggregateBudgets(budgets));
const names = (rows: readonly { name: string }[]): string[] => rows.map((r) => r.name);

describe('buildDashboard: two clients end to end', () => {
  // Beta comes first on purpose: rows are ordered by name, lines by first appearance.
  const beta = makeClient('Beta', 0);
  const alpha = makeClient('Alpha', 1000);
  const budgets: Budget[] = [
    {
      client: beta,
      poles: [
        makePole('Paid', [
          makeLine('Meta Ads (Facebook & Instagram)', { previsionnel: [100], reel: [50], achat: [20] }),
        ]),
      ],
    },
    {
      client: alpha,
      poles: [
        makePole('Paid', [
          makeLine('Google Ads – Search', {
            previsionnel: [500, 500],
            achat_previsionnel: [200, 200],
            reel: [600],
            achat: [250],
          }),
        ]),
        // a pole that exists in one client only
        makePole('SEO/GEO', [makeLine('Audit SEO technique', { previsionnel: [300], reel: [200] })]),
      ],
    },
  ];

  const meta = sums({
    previsionnel: 10000,
    reel: 5000,
    achat: 2000,
    revue: 3000,
    ecartRealise: -7000,
    prevRealise: 10000,
  });
  // month 0 realised (600 − 250), month 1 forecast (500 − 200)
  const google = sums({
    previsionnel: 100000,
    achat_previsionnel: 40000,
    reel: 60000,
    achat: 25000,
    revue: 65000,
    ecartRealise: -15000,
    prevRealise: 50000,
  });
  const audit = sums({ previsionnel: 30000, reel: 20000, revue: 20000, ecartRealise: -10000, prevRealise: 30000 });

  /** What the server must also produce from SQL sums for this selection. */
  const input = centsFixture<Spec<DashboardInput>>({
    clients: [
      {
        id: beta.id,
        name: 'Beta',
        previsionMbDebut: 0,
        poles: [{ name: 'Paid', sums: meta, lines: [{ name: 'Meta Ads (Facebook & Instagram)', sums: meta }] }],
      },
      {
        id: alpha.id,
        name: 'Alpha',
        previsionMbDebut: 100000,
        poles: [
          { name: 'Paid', sums: google, lines: [{ name: 'Google Ads – Search', sums: google }] },
          { name: 'SEO/GEO', sums: audit, lines: [{ name: 'Audit SEO technique', sums: audit }] },
        ],
      },
    ],
    months: [
      { reel: 85000, previsionnel: 90000, achat: 27000 },
      { reel: 0, previsionnel: 50000, achat: 0 },
      ...Array.from({ length: 10 }, () => zeroMonth),
    ],
  });

  const total = centsFixture<Spec<MarginRow>>({
    name: 'TOTAL',
    previsionnel: 140000,
    achatPrevisionnel: 40000,
    reel: 85000,
    achat: 27000,
    margePrevisionnelle: 100000,
    marginReel: 58000,
    previsionMbDebut: 100000,
    previsionMbRevue: 88000,
    ecartMbDebut: -42000,
    ecartMbDebutPct: (-42000 / 100000) * 100,
    ecartMbRevue: -30000,
    ecartMbRevuePct: (-30000 / 88000) * 100,
  });

  const expected = centsFixture<Spec<Dashboard>>({
    globalStats: {
      totalPrevisionnel: 140000,
      totalAchatPrevisionnel: 40000,
      totalReel: 85000,
      totalAchat: 27000,
      totalMarginPrev: 100000,
      totalMarginReel: 58000,
      totalProjects: 2,
      totalMbRevue: 88000,
    },
    projectMargins: [
      {
        name: 'Alpha',
        previsionnel: 130000,
        achatPrevisionnel: 40000,
        reel: 80000,
        achat: 25000,
        margePrevisionnelle: 90000,
        marginReel: 55000,
        previsionMbDebut: 100000,
        previsionMbRevue: 85000,
        ecartMbDebut: -45000,
        ecartMbDebutPct: (-45000 / 100000) * 100,
        ecartMbRevue: -30000,
        ecartMbRevuePct: (-30000 / 85000) * 100,
      },
      {
        name: 'Beta',
        previsionnel: 10000,
        achatPrevisionnel: 0,
        reel: 5000,
        achat: 2000,
        margePrevisionnelle: 10000,
        marginReel: 3000,
        previsionMbDebut: 0,
        previsionMbRevue: 3000,
        ecartMbDebut: 3000,
        ecartMbDebutPct: 0, // no initial forecast
        ecartMbRevue: 0,
        ecartMbRevuePct: 0,
      },
    ],
    projectTotal: total,
    poleMargins: [
      {
        // Alpha's shares: 100000 × 35000 / 55000 = 63636.36 → 63636; 85000 × 35000 / 55000 = 54090.9 → 54091
        // Beta's: no initial forecast → 0; revue 3000 × 3000 / 3000 = 3000
        name: 'Paid',
        previsionnel: 110000,
        achatPrevisionnel: 40000,
        reel: 65000,
        achat: 27000,
        margePrevisionnelle: 70000,
        marginReel: 38000,
        previsionMbDebut: 63636,
        previsionMbRevue: 57091,
        ecartMbDebut: -25636,
        ecartMbDebutPct: (-25636 / 63636) * 100,
        ecartMbRevue: -19091,
        ecartMbRevuePct: (-19091 / 57091) * 100,
      },
      {
        // Alpha only: 100000 × 20000 / 55000 = 36363.6 → 36364; 85000 × 20000 / 55000 = 30909.1 → 30909
        name: 'SEO/GEO',
        previsionnel: 30000,
        achatPrevisionnel: 0,
        reel: 20000,
        achat: 0,
        margePrevisionnelle: 30000,
        marginReel: 20000,
        previsionMbDebut: 36364,
        previsionMbRevue: 30909,
        ecartMbDebut: -16364,
        ecartMbDebutPct: (-16364 / 36364) * 100,
        ecartMbRevue: -10909,
        ecartMbRevuePct: (-10909 / 30909) * 100,
      },
    ],
    poleTotal: total,
    poleChart: [
      { name: 'Paid', margin: 38000 },
      { name: 'SEO/GEO', margin: 20000 },
    ],
    monthlyEvolution: [
      { month: 'Janvier', monthIndex: 0, reel: 85000, previsionnel: 90000, margin: 58000, ecart: -5000 },
      { month: 'Février', monthIndex: 1, reel: 0, previsionnel: 50000, margin: 0, ecart: -50000 },
      ...MONTHS.slice(2).map((month, i) => ({
        month,
        monthIndex: i + 2,
        reel: 0,
        previsionnel: 0,
        margin: 0,
        ecart: 0,
      })),
    ],
    summaryRows: [
      {
        name: 'Alpha',
        previsionnel: 130000,
        reel: 80000,
        achats: 25000,
        marge: 55000,
        ecart: -25000,
        prevRealise: 80000,
        ecartPct: -31.25,
      },
      {
        name: 'Beta',
        previsionnel: 10000,
        reel: 5000,
        achats: 2000,
        marge: 3000,
        ecart: -7000,
        prevRealise: 10000,
        ecartPct: -70,
      },
    ],
    summaryTotal: {
      name: 'TOTAL',
      previsionnel: 140000,
      reel: 85000,
      achats: 27000,
      marge: 58000,
      ecart: -32000,
      prevRealise: 90000,
      ecartPct: (-32000 / 90000) * 100,
    },
    polesView: [
      {
        name: 'Paid',
        previsionnel: 110000,
        achatPrevisionnel: 40000,
        margePrevisionnelle: 70000,
        reel: 65000,
        achatReel: 27000,
        margeReelle: 38000,
        // The catalogue's order (Search before Meta), not the order the client lists them in.
        lines: [
          {
            name: 'Google Ads – Search',
            previsionnel: 100000,
            achatPrevisionnel: 40000,
            margePrevisionnelle: 60000,
            reel: 60000,
            achatReel: 25000,
            margeReelle: 35000,
          },
          {
            name: 'Meta Ads (Facebook & Instagram)',
            previsionnel: 10000,
            achatPrevisionnel: 0,
            margePrevisionnelle: 10000,
            reel: 5000,
            achatReel: 2000,
            margeReelle: 3000,
          },
        ],
      },
      {
        name: 'SEO/GEO',
        previsionnel: 30000,
        achatPrevisionnel: 0,
        margePrevisionnelle: 30000,
        reel: 20000,
        achatReel: 0,
        margeReelle: 20000,
        lines: [
          {
            name: 'Audit SEO technique',
            previsionnel: 30000,
            achatPrevisionnel: 0,
            margePrevisionnelle: 30000,
            reel: 20000,
            achatReel: 0,
            margeReelle: 20000,
          },
        ],
      },
    ],
  });

  it('aggregateBudgets gives the input the server must also build from SQL sums', () => {
    expect(specOnly(aggregateBudgets(budgets))).toEqual(specOnly(input));
  });

  it('buildDashboard computes every figure', () => {
    expect(specOnly(buildDashboard(aggregateBudgets(budgets)))).toEqual(expected);
  });
});

describe('buildDashboard: empty selections', () => {
  const zeroTotal = centsFixture<Spec<MarginRow>>({
    name: 'TOTAL',
    previsionnel: 0,
    achatPrevisionnel: 0,
    reel: 0,
    achat: 0,
    margePrevisionnelle: 0,
    marginReel: 0,
    previsionMbDebut: 0,
    previsionMbRevue: 0,
    ecartMbDebut: 0,
    ecartMbDebutPct: 0,
    ecartMbRevue: 0,
    ecartMbRevuePct: 0,
  });
  const emptyDashboard = (totalProjects: number): Spec<Dashboard> =>
    centsFixture<Spec<Dashboard>>({
      globalStats: {
        totalPrevisionnel: 0,
        totalAchatPrevisionnel: 0,
        totalReel: 0,
        totalAchat: 0,
        totalMarginPrev: 0,
        totalMarginReel: 0,
        totalProjects,
        totalMbRevue: 0,
      },
      projectMargins: [],
      projectTotal: zeroTotal,
      poleMargins: [],
      poleTotal: zeroTotal,
      poleChart: [],
      monthlyEvolution: MONTHS.map((month, monthIndex) => ({
        month,
        monthIndex,
        reel: 0,
        previsionnel: 0,
        margin: 0,
        ecart: 0,
      })),
      summaryRows: [],
      summaryTotal: {
        name: 'TOTAL',
        previsionnel: 0,
        reel: 0,
        achats: 0,
        marge: 0,
        ecart: 0,
        prevRealise: 0,
        ecartPct: 0,
      },
      polesView: [],
    });

  it.each<[string, Budget[], number]>([
    ['no clients', [], 0],
    ['a client with no poles', [{ client: makeClient('Vide', 1000), poles: [] }], 1],
    ['a client whose pole has no lines', [{ client: makeClient('Vide'), poles: [makePole('Paid')] }], 1],
    ['a client whose line is all zeros', [oneLineClient('Zéro', {})], 1],
  ])('%s', (_label, budgets, totalProjects) => {
    expect(specOnly(dashboardOf(budgets))).toEqual(emptyDashboard(totalProjects));
  });

  it('an input with fewer than 12 months reads the missing ones as zero', () => {
    const rows = buildDashboard(
      centsFixture<DashboardInput>({
        clients: [],
        months: [{ reel: 100, previsionnel: 50, achat: 30 }],
        cutoff: { month: 11, source: 'none' },
        previousByPole: new Map(),
      }),
    ).monthlyEvolution;
    expect(rows).toHaveLength(12);
    expect(specOnly(rows[0])).toEqual({
      month: 'Janvier',
      monthIndex: 0,
      reel: 100,
      previsionnel: 50,
      margin: 70,
      ecart: 50,
    });
    expect(specOnly(rows[11])).toEqual({
      month: 'Décembre',
      monthIndex: 11,
      reel: 0,
      previsionnel: 0,
      margin: 0,
      ecart: 0,
    });
  });
});

describe('listing rule: Σ réel > 0 or Σ achat > 0', () => {
  it.each<[string, Partial<Record<Measure, number[]>>, boolean]>([
    ['nothing', {}, false],
    ['forecasts only', { previsionnel: [1000], achat_previsionnel: [400] }, false],
    ['a credit note only (réel < 0)', { reel: [-100] }, false],
    ['a purchase credit only (achat < 0)', { achat: [-50] }, false],
    ['sales and an equal credit note (Σ réel = 0)', { reel: [100, -100] }, false],
    ['a sub-cent actual', { reel: [0.004] }, false],
    ['one cent of actual', { reel: [0.01] }, true],
    ['purchases only', { achat: [100] }, true],
    ['sales and purchases', { reel: [500], achat: [100] }, true],
  ])('%s → listed: %s', (_label, values, isListed) => {
    const d = dashboardOf([oneLineClient('Client', values, 1000)]);
    const expectedNames = isListed ? ['Client'] : [];
    expect(names(d.projectMargins)).toEqual(expectedNames);
    expect(names(d.summaryRows)).toEqual(expectedNames);
    expect(names(d.poleMargins)).toEqual(isListed ? ['Paid'] : []);
    expect(d.globalStats.totalProjects).toBe(1);
  });

  it('an unlisted client still counts in the global stats but not in the TOTAL rows', () => {
    const d = dashboardOf([
      oneLineClient('Prévisions seules', { previsionnel: [1000], achat_previsionnel: [400] }, 700),
      oneLineClient('Vendu', { previsionnel: [300], reel: [500], achat: [100] }, 200),
    ]);
    expect(names(d.projectMargins)).toEqual(['Vendu']);
    expect(specOnly(d.globalStats)).toEqual({
      totalPrevisionnel: 130000,
      totalAchatPrevisionnel: 40000,
      totalReel: 50000,
      totalAchat: 10000,
      totalMarginPrev: 90000,
      totalMarginReel: 40000,
      totalProjects: 2,
      totalMbRevue: 60000 + 40000,
    });
    expect(d.projectTotal.previsionnel).toBe(30000);
    expect(d.projectTotal.previsionMbDebut).toBe(20000);
    expect(d.summaryTotal.previsionnel).toBe(30000);
    // the pole row gathers both clients (Paid is listed through 'Vendu')
    expect(d.poleMargins[0]?.previsionnel).toBe(130000);
  });
});

describe('forecast gaps and prorating edge cases (one client, cents)', () => {
  it.each<
    [string, number, Partial<Record<Measure, number[]>>, PlainCents<Partial<MarginRow>>, PlainCents<Partial<MarginRow>>]
  >([
    [
      'no initial forecast (0): % is 0, no share',
      0,
      { reel: [100] },
      { previsionMbDebut: 0, ecartMbDebut: 10000, ecartMbDebutPct: 0 },
      { previsionMbDebut: 0, ecartMbDebut: 10000, ecartMbDebutPct: 0 },
    ],
    [
      'a negative initial forecast: % is 0, no share',
      -500,
      { reel: [100] },
      { previsionMbDebut: -50000, ecartMbDebut: 60000, ecartMbDebutPct: 0 },
      { previsionMbDebut: 0, ecartMbDebut: 10000, ecartMbDebutPct: 0 },
    ],
    [
      'a negative actual margin: % computed, no share',
      1000,
      { reel: [100], achat: [150] },
      {
        marginReel: -5000,
        ecartMbDebut: -105000,
        ecartMbDebutPct: (-105000 / 100000) * 100,
        previsionMbRevue: -5000,
        ecartMbRevuePct: 0,
      },
      { marginReel: -5000, previsionMbDebut: 0, ecartMbDebutPct: 0, previsionMbRevue: 0 },
    ],
    [
      'a zero actual margin: no share',
      1000,
      { reel: [100], achat: [100] },
      { marginReel: 0, ecartMbDebut: -100000, ecartMbDebutPct: (-100000 / 100000) * 100 },
      { previsionMbDebut: 0, previsionMbRevue: 0, ecartMbDebut: 0, ecartMbDebutPct: 0 },
    ],
    [
      'a positive actual margin but a negative revised forecast: only the initial is shared',
      1000,
      { reel: [100], achat_previsionnel: [0, 500] },
      { previsionMbRevue: -40000, ecartMbRevue: 50000, ecartMbRevuePct: 0 },
      { previsionMbDebut: 100000, previsionMbRevue: 0, ecartMbDebutPct: (-90000 / 100000) * 100, ecartMbRevue: 10000 },
    ],
    [
      'a single pole takes the whole forecast',
      1000,
      { reel: [300], achat: [100], previsionnel: [0, 50] },
      {
        previsionMbDebut: 100000,
        previsionMbRevue: 25000,
        ecartMbRevue: -5000,
        ecartMbRevuePct: (-5000 / 25000) * 100,
      },
      {
        previsionMbDebut: 100000,
        previsionMbRevue: 25000,
        ecartMbDebut: -80000,
        ecartMbDebutPct: (-80000 / 100000) * 100,
      },
    ],
  ])('%s', (_label, debut, values, project, pole) => {
    const d = dashboardOf([oneLineClient('Client', values, debut)]);
    expect(d.projectMargins[0]).toMatchObject(project);
    expect(d.poleMargins[0]).toMatchObject(pole);
  });

  it('shares are rounded one by one and the TOTAL is the sum of the rows (no drift)', () => {
    const client = makeClient('Trois pôles', 1); // 100 cents shared among three equal margins
    const poles = ['Paid', 'SEO/GEO', 'Data'].map((name) => makePole(name, [makeLine('L', { reel: [1] })]));
    const d = dashboardOf([{ client, poles }]);
    expect(d.poleMargins.map((r) => r.previsionMbDebut)).toEqual([33, 33, 33]);
    expect(d.poleTotal.previsionMbDebut).toBe(99);
    expect(d.poleTotal.ecartMbDebut).toBe(300 - 99);
    expect(d.poleTotal.ecartMbDebutPct).toBe((201 / 99) * 100);
    expect(d.poleMargins.map((r) => r.previsionMbRevue)).toEqual([100, 100, 100]);
    expect(d.projectTotal.previsionMbDebut).toBe(100); // the client's own forecast is untouched
  });

  it('a pole losing money gets a negative share, rounded half away from zero', () => {
    const client = makeClient('Perte', 0.05); // 5 cents
    const poles = [
      makePole('Paid', [makeLine('L', { reel: [300] })]),
      makePole('SEO/GEO', [makeLine('L', { achat: [100] })]),
    ];
    const d = dashboardOf([{ client, poles }]);
    // client margin 200 €: Paid 5 × 300 / 200 = 7.5 → 8; SEO/GEO 5 × −100 / 200 = −2.5 → −3
    expect(d.poleMargins.map((r) => [r.name, r.previsionMbDebut])).toEqual([
      ['Paid', 8],
      ['SEO/GEO', -3],
    ]);
    // revue 300 € (SEO/GEO has no actual sales and no forecast): 45000 and −15000
    expect(d.poleMargins.map((r) => r.previsionMbRevue)).toEqual([45000, -15000]);
    expect(d.poleTotal.previsionMbDebut).toBe(5);
    expect(d.poleChart).toEqual([{ name: 'Paid', margin: 30000 }]);
  });

  it('pole rows sum the shares of every client', () => {
    const d = dashboardOf([
      {
        client: makeClient('A', 100),
        poles: [makePole('Paid', [makeLine('L', { reel: [10] })]), makePole('Data', [makeLine('L', { reel: [30] })])],
      },
      { client: makeClient('B', 60), poles: [makePole('Paid', [makeLine('L', { reel: [20] })])] },
      { client: makeClient('C', 500), poles: [makePole('Paid', [makeLine('L', { reel: [5], achat: [10] })])] }, // margin < 0
    ]);
    // Paid: A 10000 × 1000 / 4000 = 2500, B 6000, C 0; Data: A 10000 × 3000 / 4000 = 7500
    expect(d.poleMargins.map((r) => [r.name, r.previsionMbDebut])).toEqual([
      ['Paid', 8500],
      ['Data', 7500],
    ]);
    expect(d.poleTotal.previsionMbDebut).toBe(16000);
    expect(d.projectTotal.previsionMbDebut).toBe(66000);
  });
});

describe('float drift never reaches a total', () => {
  it('fifty lines of 0,01 € every month total exactly 600 cents', () => {
    const lines = Array.from({ length: 50 }, (_, i) => makeLine(`L${i}`, { reel: twelveOf(0.01) }));
    const d = dashboardOf([{ client: makeClient('Centimes'), poles: [makePole('Paid', lines)] }]);
    expect(d.globalStats.totalReel).toBe(600);
    expect(d.projectTotal.reel).toBe(600);
    expect(d.monthlyEvolution.map((m) => m.reel)).toEqual(Array.from({ length: 12 }, () => 50));
  });

  it('0.1 € and 0.2 € in two clients total 30 cents', () => {
    const d = dashboardOf([oneLineClient('A', { reel: [0.1] }), oneLineClient('B', { reel: [0.2] })]);
    expect(d.globalStats.totalReel).toBe(30);
    expect(d.summaryTotal.reel).toBe(30);
    expect(d.monthlyEvolution[0]?.reel).toBe(30);
  });
});

describe('order of rows', () => {
  it('clients by French collation (accents do not sort after Z)', () => {
    const d = dashboardOf(['Zoé', 'Éric', 'alice', 'Eva', 'Eric', 'Émile'].map((n) => oneLineClient(n, { reel: [1] })));
    const expected = ['alice', 'Émile', 'Eric', 'Éric', 'Eva', 'Zoé'];
    expect(names(d.projectMargins)).toEqual(expected);
    expect(names(d.summaryRows)).toEqual(expected);
  });

  it('poles in catalogue order, then other names alphabetically', () => {
    const poleNames = ['Zeta', 'Data', 'Évènementiel', 'Paid', 'Autre', 'Client (Conseil & Accompagnement Général)'];
    const d = dashboardOf([
      { client: makeClient('A'), poles: poleNames.map((n) => makePole(n, [makeLine('L', { reel: [1] })])) },
    ]);
    const expected = ['Paid', 'Data', 'Client (Conseil & Accompagnement Général)', 'Autre', 'Évènementiel', 'Zeta'];
    expect(names(d.poleMargins)).toEqual(expected);
    expect(names(d.poleChart)).toEqual(expected);
    expect(names(d.polesView)).toEqual(expected);
  });

  it('lines of the poles view: the catalogue lines in catalogue order, then the others alphabetically (m21)', () => {
    const d = dashboardOf([
      {
        client: makeClient('Z'),
        poles: [
          makePole('Paid', [
            makeLine('B', { reel: [1] }),
            makeLine('A', { reel: [1] }),
            makeLine('Meta Ads (Facebook & Instagram)', { reel: [1] }),
          ]),
        ],
      },
      {
        client: makeClient('A'),
        poles: [
          makePole('Paid', [
            makeLine('C', { reel: [1] }),
            makeLine('A', { reel: [2] }),
            makeLine('Google Ads – Search', { reel: [4] }),
          ]),
        ],
      },
    ]);
    // Whatever order the clients list them in: Search before Meta as in the catalogue, then A, B, C.
    expect(d.polesView[0]?.lines.map((l) => [l.name, l.reel])).toEqual([
      ['Google Ads – Search', 400],
      ['Meta Ads (Facebook & Instagram)', 100],
      ['A', 300],
      ['B', 100],
      ['C', 100],
    ]);
  });
});

describe('poles view hiding rule: hidden when prévisionnel, réel and achat totals are all ≤ 0', () => {
  it.each<[string, Partial<Record<Measure, number[]>>, boolean]>([
    ['all zero', {}, false],
    ['only a forecast purchase', { achat_previsionnel: [100] }, false],
    ['all negative (credit notes)', { previsionnel: [-10], reel: [-20], achat: [-5] }, false],
    ['sales cancelled by a credit note', { reel: [100, -100] }, false],
    ['only a forecast', { previsionnel: [10] }, true],
    ['only actual sales', { reel: [0.01] }, true],
    ['only actual purchases', { achat: [10] }, true],
  ])('%s → shown: %s', (_label, values, isShown) => {
    const d = dashboardOf([oneLineClient('Client', values)]);
    expect(names(d.polesView)).toEqual(isShown ? ['Paid'] : []);
    expect(d.polesView[0]?.lines.map((l) => l.name) ?? []).toEqual(isShown ? ['L'] : []);
  });

  it('hides a line but keeps its amounts in the pole total', () => {
    const d = dashboardOf([
      {
        client: makeClient('Client'),
        poles: [
          makePole('Paid', [
            makeLine('Visible', { previsionnel: [10] }),
            makeLine('Achat prévu seul', { achat_previsionnel: [5] }),
            makeLine('Avoir', { reel: [-3] }),
          ]),
        ],
      },
    ]);
    expect(specOnly(d.polesView)).toEqual([
      {
        name: 'Paid',
        previsionnel: 1000,
        achatPrevisionnel: 500,
        margePrevisionnelle: 500,
        reel: -300,
        achatReel: 0,
        margeReelle: -300,
        lines: [
          {
            name: 'Visible',
            previsionnel: 1000,
            achatPrevisionnel: 0,
            margePrevisionnelle: 1000,
            reel: 0,
            achatReel: 0,
            margeReelle: 0,
          },
        ],
      },
    ]);
  });

  it('shows a pole that has no actuals (unlike the margin rows)', () => {
    const d = dashboardOf([oneLineClient('Client', { previsionnel: [10] })]);
    expect(names(d.polesView)).toEqual(['Paid']);
    expect(d.poleMargins).toEqual([]);
  });
});

describe('pole chart: only listed poles whose actual margin is > 0', () => {
  it.each<[string, Partial<Record<Measure, number[]>>, number | null]>([
    ['positive margin', { reel: [100], achat: [40] }, 6000],
    ['zero margin', { reel: [100], achat: [100] }, null],
    ['negative margin', { reel: [100], achat: [140] }, null],
    // margin 100 € from a purchase credit, but no sales nor purchases > 0: not listed, so not charted
    ['positive margin on an unlisted pole', { achat: [-100] }, null],
  ])('%s', (_label, values, margin) => {
    const d = dashboardOf([oneLineClient('Client', values)]);
    expect(d.poleChart).toEqual(margin === null ? [] : [{ name: 'Paid', margin }]);
  });
});
