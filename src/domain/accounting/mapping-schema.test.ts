import { describe, expect, it } from 'vitest';
import {
  MAX_MAPPING_CLIENTS,
  MAX_MAPPING_RULES,
  mappingClientIds,
  mappingDocument,
  unknownClientMessage,
  unknownClientProblem,
} from './mapping-schema';
import type { MappingDocument } from './types';

const DUPONT = '0b7f3c1e-8d2a-4c55-9f0e-1a2b3c4d5e6f';
const MARTIN = '5d1c9a70-3e4b-4f2a-8c6d-7e8f9a0b1c2d';

const cell = { pole: 'Paid', line: 'Google Ads – Search' };
const ok = { when: { account: '706' }, then: cell };

/** The messages (with their paths) of a refused document; [] when it is accepted. */
function problems(input: unknown): [string, string][] {
  const parsed = mappingDocument.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('mappingDocument: defaults', () => {
  it('fills what is absent', () => {
    expect(mappingDocument.parse({})).toEqual({
      agentAccounts: [],
      openingJournals: ['AN', 'RAN', 'OUV'],
      monthFrom: 'EcritureDate',
      clients: [],
      rules: [],
    });
  });

  it('keeps an empty list of opening journals (none left out)', () => {
    expect(mappingDocument.parse({ openingJournals: [] }).openingJournals).toEqual([]);
  });
});

describe('mappingDocument: accepted rules become RuleActions', () => {
  it.each([
    ['pole + line', { when: { account: '706100' }, then: cell }, cell],
    [
      'a client and a pole + line, texts trimmed',
      { when: { thirdParty: ' GOOGLE ', label: 'dupont' }, then: { clientId: DUPONT, pole: ' Paid ', line: 'Search' } },
      { clientId: DUPONT, pole: 'Paid', line: 'Search' },
    ],
    [
      'a split of 60 / 40',
      {
        when: { account: '706300' },
        then: {
          split: [
            { pole: 'Data', line: 'Tableaux de bord', percent: 60 },
            { pole: 'CRM', line: 'Emailing & automation', percent: 40 },
          ],
        },
      },
      {
        split: [
          { pole: 'Data', line: 'Tableaux de bord', percent: 60 },
          { pole: 'CRM', line: 'Emailing & automation', percent: 40 },
        ],
      },
    ],
    [
      'a split of 33.33 / 33.33 / 33.34 (exact in hundredths)',
      {
        when: { account: '7' },
        then: {
          split: [
            { pole: 'A', line: 'a', percent: 33.33 },
            { pole: 'B', line: 'b', percent: 33.33 },
            { pole: 'C', line: 'c', percent: 33.34 },
          ],
        },
      },
      {
        split: [
          { pole: 'A', line: 'a', percent: 33.33 },
          { pole: 'B', line: 'b', percent: 33.33 },
          { pole: 'C', line: 'c', percent: 33.34 },
        ],
      },
    ],
    [
      'a split of 0.1 + 0.2 + 99.7 (binary floats would not sum to 100)',
      {
        when: { account: '7' },
        then: {
          split: [
            { pole: 'A', line: 'a', percent: 0.1 },
            { pole: 'B', line: 'b', percent: 0.2 },
            { pole: 'C', line: 'c', percent: 99.7 },
          ],
        },
      },
      {
        split: [
          { pole: 'A', line: 'a', percent: 0.1 },
          { pole: 'B', line: 'b', percent: 0.2 },
          { pole: 'C', line: 'c', percent: 99.7 },
        ],
      },
    ],
    ['a spread', { when: { account: '706000' }, then: { spread: 'forecast' } }, { spread: 'forecast' }],
    ['an ignore', { when: { account: '627' }, then: { ignore: true } }, { ignore: true }],
    [
      'a column condition (empty value allowed)',
      { when: { column: { name: 'Code analytique', equals: '' } }, then: cell },
      cell,
    ],
  ])('%s', (_case, rule, then) => {
    expect(mappingDocument.parse({ rules: [rule] }).rules).toEqual([{ when: rule.when, then }].map(trimWhen));
  });
});

/** The when of an accepted rule, as the schema trims it. */
function trimWhen<T extends { when: Record<string, unknown> }>(rule: T): T {
  const when = Object.fromEntries(Object.entries(rule.when).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
  return { ...rule, when };
}

describe('mappingDocument: refused, naming the rule (1-based)', () => {
  it.each([
    [
      'an empty when',
      [ok, ok, { when: {}, then: cell }],
      ['rules.2.when', 'Règle 3 : au moins une condition est nécessaire.'],
    ],
    [
      'percentages summing to 90',
      [
        ok,
        ok,
        ok,
        {
          when: { account: '7' },
          then: {
            split: [
              { pole: 'A', line: 'a', percent: 50 },
              { pole: 'B', line: 'b', percent: 40 },
            ],
          },
        },
      ],
      ['rules.3.then.split', 'Règle 4 : les pourcentages font 90, pas 100.'],
    ],
    [
      'percentages summing to 99.99',
      [
        {
          when: { account: '7' },
          then: {
            split: [
              { pole: 'A', line: 'a', percent: 33.33 },
              { pole: 'B', line: 'b', percent: 33.33 },
              { pole: 'C', line: 'c', percent: 33.33 },
            ],
          },
        },
      ],
      ['rules.0.then.split', 'Règle 1 : les pourcentages font 99,99, pas 100.'],
    ],
    [
      'percentages summing to 100.5',
      [
        {
          when: { account: '7' },
          then: {
            split: [
              { pole: 'A', line: 'a', percent: 60.5 },
              { pole: 'B', line: 'b', percent: 40 },
            ],
          },
        },
      ],
      ['rules.0.then.split', 'Règle 1 : les pourcentages font 100,5, pas 100.'],
    ],
    [
      'a percentage with three decimals',
      [
        {
          when: { account: '7' },
          then: {
            split: [
              { pole: 'A', line: 'a', percent: 33.333 },
              { pole: 'B', line: 'b', percent: 66.667 },
            ],
          },
        },
      ],
      ['rules.0.then.split.0.percent', 'Règle 1, part 1 : le pourcentage a au plus deux décimales.'],
    ],
    [
      'a zero percentage',
      [
        {
          when: { account: '7' },
          then: {
            split: [
              { pole: 'A', line: 'a', percent: 0 },
              { pole: 'B', line: 'b', percent: 100 },
            ],
          },
        },
      ],
      ['rules.0.then.split.0.percent', 'Règle 1, part 1 : le pourcentage doit être positif.'],
    ],
    [
      'an empty split',
      [{ when: { account: '7' }, then: { split: [] } }],
      ['rules.0.then.split', 'Règle 1 : la répartition doit avoir au moins une part.'],
    ],
    [
      'a then with no action',
      [ok, { when: { account: '7' }, then: { clientId: DUPONT } }],
      ['rules.1.then', 'Règle 2 : indiquez une action : pole et line, split, spread ou ignore.'],
    ],
    [
      'a then with two actions',
      [{ when: { account: '7' }, then: { ...cell, ignore: true } }],
      ['rules.0.then', 'Règle 1 : une seule action par règle (ici : pole et line, ignore).'],
    ],
    [
      'a split and a spread',
      [{ when: { account: '7' }, then: { spread: 'forecast', split: [{ pole: 'A', line: 'a', percent: 100 }] } }],
      ['rules.0.then', 'Règle 1 : une seule action par règle (ici : split, spread).'],
    ],
    [
      'a pole without a line',
      [{ when: { account: '7' }, then: { pole: 'Paid' } }],
      ['rules.0.then', 'Règle 1 : le pôle et la ligne vont ensemble : indiquez les deux.'],
    ],
    [
      'an ignore naming a client',
      [{ when: { account: '7' }, then: { clientId: DUPONT, ignore: true } }],
      ['rules.0.then', 'Règle 1 : une règle qui ignore ne nomme pas de client.'],
    ],
    [
      'ignore: false',
      [{ when: { account: '7' }, then: { ignore: false } }],
      ['rules.0.then.ignore', 'Règle 1 : ignore vaut true.'],
    ],
    [
      'an unknown spread',
      [{ when: { account: '7' }, then: { spread: 'even' } }],
      ['rules.0.then.spread', 'Règle 1 : spread vaut « forecast ».'],
    ],
    [
      'an empty pole name',
      [{ when: { account: '7' }, then: { pole: '  ', line: 'a' } }],
      ['rules.0.then.pole', 'Règle 1, pôle : le nom ne peut pas être vide.'],
    ],
    [
      'an empty line name in a split',
      [
        {
          when: { account: '7' },
          then: {
            split: [
              { pole: 'A', line: 'a', percent: 50 },
              { pole: 'B', line: '', percent: 50 },
            ],
          },
        },
      ],
      ['rules.0.then.split.1.line', 'Règle 1, part 2, ligne : le nom ne peut pas être vide.'],
    ],
    [
      'a client id that is no uuid',
      [ok, { when: { account: '7' }, then: { clientId: 'dupont', ...cell } }],
      ['rules.1.then.clientId', 'Règle 2, client : identifiant invalide (UUID attendu).'],
    ],
    [
      'an empty account prefix',
      [{ when: { account: ' ' }, then: cell }],
      ['rules.0.when.account', 'Règle 1 : le compte ne peut pas être vide.'],
    ],
    [
      'a label with NUL',
      [{ when: { label: 'a\u0000b' }, then: cell }],
      ['rules.0.when.label', 'Règle 1 : le libellé contient un caractère interdit (NUL).'],
    ],
    [
      'a misspelt condition',
      [{ when: { acount: '7' }, then: cell }],
      ['rules.0.when', 'Règle 1 : clé non reconnue : "acount"'],
    ],
    ['a rule that is no object', [ok, 'x'], ['rules.1', 'Règle 2 : une règle doit être un objet { when, then }.']],
  ])('%s', (_case, rules, expected) => {
    expect(problems({ rules })[0]).toEqual(expected);
  });

  it('names every bad rule, not only the first', () => {
    const rules = [{ when: {}, then: cell }, ok, { when: { account: '7' }, then: {} }];
    expect(problems({ rules }).map(([, m]) => m)).toEqual([
      'Règle 1 : au moins une condition est nécessaire.',
      'Règle 3 : indiquez une action : pole et line, split, spread ou ignore.',
    ]);
  });
});

describe('mappingDocument: the other fields', () => {
  it.each([
    [
      'a duplicate third party, named',
      {
        clients: [
          { thirdParty: 'DUPONT', clientId: DUPONT },
          { thirdParty: 'MARTIN', clientId: MARTIN },
          { thirdParty: 'DUPONT ', clientId: MARTIN },
        ],
      },
      ['clients.2.thirdParty', 'Le tiers « DUPONT » est associé deux fois : une seule correspondance par tiers.'],
    ],
    [
      'a client id that is no uuid',
      { clients: [{ thirdParty: 'DUPONT', clientId: '42' }] },
      ['clients.0.clientId', 'Identifiant invalide (UUID attendu).'],
    ],
    [
      'an agent account outside class 4',
      { agentAccounts: ['467', '706'] },
      ['agentAccounts.1', "Le compte d'agent « 706 » n'est pas de classe 4 (467…)."],
    ],
    [
      'an unknown monthFrom',
      { monthFrom: 'ValidDate' },
      ['monthFrom', 'monthFrom doit valoir EcritureDate ou PieceDate.'],
    ],
    [
      'an empty opening journal',
      { openingJournals: ['AN', ''] },
      ['openingJournals.1', "Le journal d'ouverture ne peut pas être vide."],
    ],
    ['an unknown field', { rule: [] }, ['', 'Clé non reconnue : "rule"']],
    ['no object', [], ['', 'Le document de correspondance doit être un objet.']],
  ])('%s', (_case, input, expected) => {
    expect(problems(input)[0]).toEqual(expected);
  });

  it.each([
    [
      'rules',
      { rules: Array.from({ length: MAX_MAPPING_RULES + 1 }, () => ok) },
      'rules',
      `Au plus ${MAX_MAPPING_RULES} règles.`,
    ],
    [
      'clients',
      {
        clients: Array.from({ length: MAX_MAPPING_CLIENTS + 1 }, (_, i) => ({ thirdParty: `T${i}`, clientId: DUPONT })),
      },
      'clients',
      `Au plus ${MAX_MAPPING_CLIENTS} correspondances tiers → client.`,
    ],
  ])('bounds the number of %s', (_case, input, path, message) => {
    expect(problems(input)[0]).toEqual([path, message]);
  });

  it('accepts the largest document', () => {
    const input = {
      rules: Array.from({ length: MAX_MAPPING_RULES }, () => ok),
      clients: Array.from({ length: MAX_MAPPING_CLIENTS }, (_, i) => ({ thirdParty: `T${i}`, clientId: DUPONT })),
    };
    expect(problems(input)).toEqual([]);
  });
});

describe('the clients a document names', () => {
  const doc: MappingDocument = mappingDocument.parse({
    clients: [
      { thirdParty: 'DUPONT', clientId: DUPONT.toUpperCase() },
      { thirdParty: 'DUPONT SA', clientId: DUPONT },
    ],
    rules: [
      ok,
      { when: { account: '7' }, then: { clientId: MARTIN, ...cell } },
      { when: { account: '6' }, then: { clientId: MARTIN, spread: 'forecast' } },
      { when: { account: '627' }, then: { ignore: true } },
    ],
  });

  it('lists each once, lower case, clients first', () => {
    expect(mappingClientIds(doc)).toEqual([DUPONT, MARTIN]);
    expect(mappingClientIds(mappingDocument.parse({}))).toEqual([]);
  });

  it.each([
    ['a rule (0-based in, 1-based out)', { rule: 1 }, 'Règle 2 : client inconnu (x).'],
    ['a third party', { thirdParty: 'DUPONT' }, 'Tiers « DUPONT » : client inconnu (x).'],
  ] as const)('builds the message of an unknown client in %s', (_case, where, message) => {
    expect(unknownClientMessage(where, 'x')).toBe(message);
  });

  it.each([
    ['every client exists', [DUPONT, MARTIN], null],
    ['a third party’s client is unknown', [MARTIN], `Tiers « DUPONT » : client inconnu (${DUPONT.toUpperCase()}).`],
    ['a rule’s client is unknown', [DUPONT], `Règle 2 : client inconnu (${MARTIN}).`],
  ])('finds the first unknown client: %s', (_case, known, message) => {
    expect(unknownClientProblem(doc, (id) => known.includes(id))).toBe(message);
  });
});
