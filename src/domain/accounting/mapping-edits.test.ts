import { describe, expect, it } from 'vitest';
import {
  assignUnmapped,
  conditionFromDraft,
  describeAction,
  describeCondition,
  moveRule,
  removeRule,
  replaceRule,
  type Assignment,
} from './mapping-edits';
import type { MappingDocument, MappingRule } from './types';

const DUPONT = '11111111-1111-4111-8111-111111111111';
const MARTIN = '22222222-2222-4222-8222-222222222222';

const broad: MappingRule = { when: { account: '6' }, then: { pole: 'Paid', line: 'Achats' } };
const empty: MappingDocument = {
  agentAccounts: ['467'],
  openingJournals: ['AN'],
  monthFrom: 'EcritureDate',
  clients: [{ thirdParty: 'GOOGLE', clientId: MARTIN }],
  rules: [broad],
};
const google: Assignment = {
  thirdParty: 'GOOGLE',
  account: '604000',
  clientId: DUPONT,
  pole: ' Paid ',
  line: 'Google Ads ',
  always: false,
};

describe('assignUnmapped', () => {
  it('puts a rule naming the client first, and leaves the clients alone, without « Toujours pour ce tiers »', () => {
    const next = assignUnmapped(empty, google);
    expect(next.rules).toEqual([
      {
        when: { thirdParty: 'GOOGLE', account: '604000' },
        then: { clientId: DUPONT, pole: 'Paid', line: 'Google Ads' },
      },
      broad,
    ]);
    expect(next.clients).toEqual(empty.clients);
  });

  it("makes the third party the client's (replacing the client it had), with a rule naming no client, when « Toujours »", () => {
    const next = assignUnmapped(empty, { ...google, always: true });
    expect(next.clients).toEqual([{ thirdParty: 'GOOGLE', clientId: DUPONT }]);
    expect(next.rules[0]).toEqual({
      when: { thirdParty: 'GOOGLE', account: '604000' },
      then: { pole: 'Paid', line: 'Google Ads' },
    });
    expect(next.agentAccounts).toEqual(['467']);
  });

  it('maps a group without a third party by its account alone, never « Toujours »', () => {
    const next = assignUnmapped(empty, { ...google, thirdParty: '', always: true });
    expect(next.clients).toEqual(empty.clients);
    expect(next.rules[0]).toEqual({
      when: { account: '604000' },
      then: { clientId: DUPONT, pole: 'Paid', line: 'Google Ads' },
    });
  });

  it('does not change the document it is given', () => {
    assignUnmapped(empty, { ...google, always: true });
    expect(empty.rules).toEqual([broad]);
    expect(empty.clients).toEqual([{ thirdParty: 'GOOGLE', clientId: MARTIN }]);
  });
});

const a: MappingRule = { when: { account: '706' }, then: { ignore: true } };
const b: MappingRule = { when: { journal: 'VE' }, then: { ignore: true } };
const c: MappingRule = { when: { label: 'x' }, then: { ignore: true } };

describe('moveRule, removeRule, replaceRule', () => {
  it.each([
    [[], 0, -1, []],
    [[a, b, c], 0, -1, [a, b, c]],
    [[a, b, c], 2, 1, [a, b, c]],
    [[a, b, c], 1, -1, [b, a, c]],
    [[a, b, c], 1, 1, [a, c, b]],
    [[a, b, c], 5, 1, [a, b, c]],
  ] as const)('moveRule(%j, %i, %i)', (rules, index, delta, expected) => {
    expect(moveRule(rules, index, delta)).toEqual(expected);
  });

  it('removes and replaces one rule by its place', () => {
    expect(removeRule([a, b, c], 1)).toEqual([a, c]);
    expect(removeRule([a], 3)).toEqual([a]);
    expect(replaceRule([a, b], 1, c)).toEqual([a, c]);
  });
});

describe('conditionFromDraft', () => {
  it('leaves out the empty fields, trims the others and keeps a column condition', () => {
    expect(conditionFromDraft({ account: ' 706 ', thirdParty: '', journal: '  ', label: 'dupont' })).toEqual({
      account: '706',
      label: 'dupont',
    });
    expect(
      conditionFromDraft({ account: '', thirdParty: '', journal: '', label: '' }, { name: 'Analytique', equals: 'A1' }),
    ).toEqual({ column: { name: 'Analytique', equals: 'A1' } });
  });
});

describe('describeCondition', () => {
  it.each([
    [{}, 'Sans condition'],
    [{ account: '706100' }, 'Si compte 706100…'],
    [{ thirdParty: 'GOOGLE', label: 'dupont' }, 'Si tiers GOOGLE et libellé contenant « dupont »'],
    [
      { account: '6', journal: 'HA', column: { name: 'Analytique', equals: 'A1' } },
      'Si compte 6… et journal HA et colonne Analytique = « A1 »',
    ],
  ])('%j → %s', (when, text) => {
    expect(describeCondition(when)).toBe(text);
  });
});

describe('describeAction', () => {
  const names = (id: string) => (id === DUPONT ? 'Dupont' : undefined);
  it.each([
    [{ ignore: true } as const, 'Ignorer ces écritures'],
    [{ pole: 'Paid', line: 'Search' }, 'Paid · Search (client du tiers)'],
    [{ clientId: DUPONT, pole: 'Paid', line: 'Search' }, 'Paid · Search (client Dupont)'],
    [{ clientId: MARTIN, pole: 'Paid', line: 'Search' }, 'Paid · Search (client inconnu)'],
    [
      {
        split: [
          { pole: 'Data', line: 'Tableaux', percent: 60 },
          { pole: 'CRM', line: 'Emailing', percent: 39.5 },
        ],
      },
      'Répartir : Data · Tableaux 60 %, CRM · Emailing 39,5 % (client du tiers)',
    ],
    [{ clientId: DUPONT, spread: 'forecast' } as const, 'Répartir selon le prévisionnel du mois (client Dupont)'],
  ])('%j → %s', (then, text) => {
    expect(describeAction(then, names)).toBe(text);
  });
});
