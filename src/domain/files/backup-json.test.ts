import { describe, expect, it } from 'vitest';
import { clientToWire, poleToWire } from '../codec';
import type { Client, Pole } from '../model';
import { assertCents as cents } from '../money';
import { backupFile, buildAllYearsBackup, buildBackup } from './backup-json';
import { locateBackupIssue, parseBackupText } from './backup-parse';

const CLIENT_ID = '11111111-1111-4111-8111-111111111111';
const POLE_ID = '22222222-2222-4222-8222-222222222222';
const LINE_ID = '33333333-3333-4333-8333-333333333333';

const client: Client = {
  id: CLIENT_ID,
  name: '=Dupont "père"; fils',
  prevision_mb_annuelle_debut: cents(100050),
  prevision_mb_annuelle_revue: cents(-5),
  created_at: '2025-01-02T10:00:00.000Z',
};
const months = <T>(f: (m: number) => T): T[] => Array.from({ length: 12 }, (_, m) => f(m));
const pole: Pole = {
  id: POLE_ID,
  name: 'Pôle',
  isExpanded: false,
  facture: months((m) => m === 0),
  lines: [
    {
      id: LINE_ID,
      name: 'Été',
      previsionnel: months((m) => cents(m === 0 ? 123450 : 0)),
      achat_previsionnel: months(() => cents(0)),
      reel: months((m) => cents(m === 11 ? -5 : 0)),
      achat: months(() => cents(0)),
    },
  ],
};

/** The same client and pole as the wire (and a file) carries them: euros. */
const clientWire = clientToWire(client);
const poleWire = poleToWire(pole);

/** A version 2 document: the client once, its pole in 2026, nothing in 2027. */
const allYears = () =>
  buildAllYearsBackup(
    {
      clients: [client],
      years: [
        { year: 2026, clients: [client], budgetData: { [CLIENT_ID]: [pole] } },
        { year: 2027, clients: [], budgetData: {} },
      ],
    },
    new Date('2026-01-05T08:00:00.000Z'),
  );

/** `n` array items of a 12-value array, one per line at this indent. */
const items = (values: string[], indent: string) => values.map((v) => `${indent}${v}`).join(',\n');
const zeroMonths = (indent: string) =>
  items(
    months(() => '0'),
    indent,
  );

describe('JSON backup', () => {
  it("of one year is SPEC's document with a 2-space indent, byte for byte", () => {
    const doc = buildBackup(
      { clients: [client], budgetData: { [CLIENT_ID]: [pole] } },
      2025,
      new Date('2026-01-05T08:00:00.000Z'),
    );
    const file = backupFile(doc, new Date(2026, 0, 5, 23, 59));

    expect(file.fileName).toBe('budget-export-2026-01-05.json');
    expect(file.mimeType).toBe('application/json;charset=utf-8');
    const i7 = ' '.repeat(14);
    expect(file.text).toBe(
      [
        '{',
        '  "clients": [',
        '    {',
        `      "id": "${CLIENT_ID}",`,
        '      "name": "=Dupont \\"père\\"; fils",',
        '      "prevision_mb_annuelle_debut": 1000.5,',
        '      "prevision_mb_annuelle_revue": -0.05,',
        '      "created_at": "2025-01-02T10:00:00.000Z"',
        '    }',
        '  ],',
        '  "budgetData": {',
        `    "${CLIENT_ID}": [`,
        '      {',
        `        "id": "${POLE_ID}",`,
        '        "name": "Pôle",',
        '        "isExpanded": false,',
        '        "facture": [',
        items(
          months((m) => String(m === 0)),
          '          ',
        ),
        '        ],',
        '        "lines": [',
        '          {',
        `            "id": "${LINE_ID}",`,
        '            "name": "Été",',
        '            "previsionnel": [',
        items(
          months((m) => (m === 0 ? '1234.5' : '0')),
          i7,
        ),
        '            ],',
        '            "achat_previsionnel": [',
        zeroMonths(i7),
        '            ],',
        '            "reel": [',
        items(
          months((m) => (m === 11 ? '-0.05' : '0')),
          i7,
        ),
        '            ],',
        '            "achat": [',
        zeroMonths(i7),
        '            ]',
        '          }',
        '        ]',
        '      }',
        '    ]',
        '  },',
        '  "exportDate": "2026-01-05T08:00:00.000Z",',
        '  "version": 1,',
        '  "year": 2025',
        '}',
      ].join('\n'),
    );
  });

  it('reads its own one-year file back to the same backup', () => {
    const doc = buildBackup(
      { clients: [client], budgetData: { [CLIENT_ID]: [pole] } },
      2025,
      new Date('2026-01-05T08:00:00.000Z'),
    );
    const parsed = parseBackupText(backupFile(doc, new Date()).text);
    expect(parsed).toEqual({ ok: true, backup: doc, raw: doc });
  });

  it('of every year is the version 2 document with a 2-space indent, byte for byte', () => {
    const doc = buildAllYearsBackup(
      { clients: [client], years: [{ year: 2027, clients: [client], budgetData: {} }] },
      new Date('2026-01-05T08:00:00.000Z'),
    );
    expect(backupFile(doc, new Date(2026, 0, 5, 23, 59)).text).toBe(
      [
        '{',
        '  "version": 2,',
        '  "clients": [',
        '    {',
        `      "id": "${CLIENT_ID}",`,
        '      "name": "=Dupont \\"père\\"; fils",',
        '      "created_at": "2025-01-02T10:00:00.000Z",',
        '      "manager": null,',
        '      "sector": null,',
        '      "status": "actif"',
        '    }',
        '  ],',
        '  "years": [',
        '    {',
        '      "year": 2027,',
        '      "clients": [',
        '        {',
        `          "id": "${CLIENT_ID}",`,
        '          "prevision_mb_annuelle_debut": 1000.5,',
        '          "prevision_mb_annuelle_revue": -0.05',
        '        }',
        '      ],',
        '      "budgetData": {}',
        '    }',
        '  ],',
        '  "versions": [],',
        '  "signoffs": [],',
        '  "exportDate": "2026-01-05T08:00:00.000Z"',
        '}',
      ].join('\n'),
    );
  });

  it('reads its own version 2 file (every year) back to the same backup', () => {
    const doc = allYears();
    const file = backupFile(doc, new Date(2026, 0, 5));
    expect(file.fileName).toBe('budget-export-2026-01-05.json');
    expect(file.text.startsWith('{\n  "version": 2,\n  "clients": [\n')).toBe(true);
    expect(parseBackupText(file.text)).toEqual({ ok: true, backup: doc, raw: doc });
  });

  it('reads a backup of the original tool (no version, no exportDate needed)', () => {
    const parsed = parseBackupText(
      JSON.stringify({
        clients: [clientWire],
        budgetData: { [CLIENT_ID]: [poleWire] },
        exportDate: '2025-06-01T00:00:00.000Z',
      }),
    );
    expect(parsed.ok).toBe(true);
  });

  const valid = () => ({ clients: [clientWire], budgetData: { [CLIENT_ID]: [structuredClone(poleWire)] } });
  it.each([
    ['not JSON', '{"clients": [', "Le fichier n'est pas valide."],
    ['empty', '', "Le fichier n'est pas valide."],
    ['an array', '[]', "Le fichier n'est pas valide. "],
    ['missing budgetData', JSON.stringify({ clients: [] }), "Le fichier n'est pas valide. budgetData : "],
    [
      'of a newer version, whatever its shape',
      JSON.stringify({ version: 3, exercices: [] }),
      "version : Sauvegarde d'une version plus récente (3) que celle que cet outil sait lire (2).",
    ],
    [
      '11 monthly values',
      JSON.stringify({
        ...valid(),
        budgetData: {
          [CLIENT_ID]: [{ ...poleWire, lines: [{ ...poleWire.lines[0], reel: months(() => 0).slice(1) }] }],
        },
      }),
      'Il faut exactement 12 valeurs mensuelles.',
    ],
    // JSON has no Infinity, but 1e999 parses to it.
    [
      'an infinite amount',
      JSON.stringify(valid()).replace('1234.5', '1e999'),
      'client « =Dupont "père"; fils », pôle « Pôle », ligne « Été », previsionnel, mois 1 : ',
    ],
    ['a text amount', JSON.stringify(valid()).replace('1234.5', '"1234.5"'), 'ligne « Été », previsionnel, mois 1 : '],
    [
      'an unlisted client',
      JSON.stringify({ clients: [], budgetData: { [CLIENT_ID]: [] } }),
      'client absent de la liste',
    ],
    [
      'a duplicate pole id',
      JSON.stringify({ ...valid(), budgetData: { [CLIENT_ID]: [poleWire, poleWire] } }),
      'Identifiant en double',
    ],
    [
      'a client id that is no UUID',
      JSON.stringify({ clients: [{ ...clientWire, id: 'x' }], budgetData: {} }),
      'client « =Dupont "père"; fils », id : Identifiant invalide (UUID attendu).',
    ],
  ])('refuses a file that is %s, naming the first problem', (_label, text, message) => {
    const parsed = parseBackupText(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toContain(message);
  });

  /** The version 2 document as JSON, spoiled by `spoil`. */
  const v2 = (spoil: (doc: ReturnType<typeof allYears>) => unknown) =>
    JSON.stringify(spoil(structuredClone(allYears())));
  it.each([
    [
      'a text amount in a year',
      v2((doc) => {
        (doc.years[0]!.budgetData[CLIENT_ID]![0]!.lines[0]!.reel as unknown[])[3] = 'x';
        return doc;
      }),
      `Le fichier n'est pas valide. exercice 2026, client « =Dupont "père"; fils », pôle « Pôle », ligne « Été », reel, mois 4 : `,
    ],
    [
      'a year out of range',
      v2((doc) => ({ ...doc, years: [{ ...doc.years[1]!, year: 1999 }] })),
      'exercice 1999, year : Exercice invalide : 1999',
    ],
    [
      'the same year twice',
      v2((doc) => ({ ...doc, years: [doc.years[1], doc.years[1]] })),
      'exercice 2027, year : Exercice en double : 2027.',
    ],
    [
      "a year's client missing from the list",
      v2((doc) => ({ ...doc, clients: [] })),
      `exercice 2026, client n° 1, id : Client absent de la liste : ${CLIENT_ID}.`,
    ],
    [
      'without its years',
      v2(({ version, clients }) => ({ version, clients })),
      "Le fichier n'est pas valide. years : ",
    ],
  ])('refuses a version 2 file with %s, naming the exercice', (_label, text, message) => {
    const parsed = parseBackupText(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toContain(message);
  });
});

describe('locateBackupIssue', () => {
  const budgetData = { [CLIENT_ID]: [{ name: 'Paid', lines: [{ name: 'SEO local' }, {}] }] };
  const raw = { clients: [{ id: CLIENT_ID, name: 'Acme' }, { id: 'x' }], budgetData };
  it.each([
    [[], ''],
    [['budgetData'], 'budgetData'],
    [['clients', 0, 'name'], 'client « Acme », name'],
    [['clients', 1, 'created_at'], 'client n° 2, created_at'],
    [['budgetData', CLIENT_ID, 0, 'facture', 11], 'client « Acme », pôle « Paid », facture, mois 12'],
    [
      ['budgetData', CLIENT_ID, 0, 'lines', 0, 'reel', 2],
      'client « Acme », pôle « Paid », ligne « SEO local », reel, mois 3',
    ],
    [['budgetData', CLIENT_ID, 0, 'lines', 1, 'id'], 'client « Acme », pôle « Paid », ligne n° 2, id'],
    [['budgetData', 'inconnu'], 'client inconnu'],
    [['budgetData', CLIENT_ID, 3, 'name'], 'client « Acme », pôle n° 4, name'],
  ])('%j → %j', (path, expected) => {
    expect(locateBackupIssue(raw, path)).toBe(expected);
  });

  // Version 2: the clients are listed once with their names; each year names them by id.
  const v2 = {
    version: 2,
    clients: [{ id: CLIENT_ID, name: 'Acme' }],
    years: [{ year: 2026, clients: [{ id: CLIENT_ID }, { id: 'y' }], budgetData }, { year: '2027' }],
  };
  it.each([
    [[], ''],
    [['years'], 'years'],
    [['clients', 0, 'name'], 'client « Acme », name'],
    [['years', 0], 'exercice 2026'],
    [['years', 0, 'year'], 'exercice 2026, year'],
    [['years', 1, 'year'], 'exercice n° 2, year'],
    [
      ['years', 0, 'clients', 0, 'prevision_mb_annuelle_debut'],
      'exercice 2026, client « Acme », prevision_mb_annuelle_debut',
    ],
    [['years', 0, 'clients', 1, 'id'], 'exercice 2026, client n° 2, id'],
    [
      ['years', 0, 'budgetData', CLIENT_ID, 0, 'lines', 0, 'reel', 3],
      'exercice 2026, client « Acme », pôle « Paid », ligne « SEO local », reel, mois 4',
    ],
    [
      ['years', 0, 'budgetData', CLIENT_ID, 0, 'facture', 0],
      'exercice 2026, client « Acme », pôle « Paid », facture, mois 1',
    ],
    [['years', 0, 'budgetData', 'inconnu'], 'exercice 2026, client inconnu'],
    [['years', 5, 'budgetData', CLIENT_ID], 'exercice n° 6, client « Acme »'],
  ])('version 2: %j → %j', (path, expected) => {
    expect(locateBackupIssue(v2, path)).toBe(expected);
  });
});
