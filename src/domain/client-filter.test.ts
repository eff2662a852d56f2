import { describe, expect, it } from 'vitest';
import {
  ALL_CLIENTS,
  filterLabel,
  isAll,
  isClientSelected,
  pruneClientFilter,
  removeClient,
  selectedClientIds,
  toggleClient,
  type ClientFilter,
} from './client-filter';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

describe('ALL_CLIENTS / isAll', () => {
  it('the default is every client', () => {
    expect(ALL_CLIENTS).toEqual(['all']);
    expect(Object.isFrozen(ALL_CLIENTS)).toBe(true);
  });

  it.each<[ClientFilter, boolean]>([
    [[], true], // never produced, read as 'all' rather than as "no client"
    [['all'], true],
    [[A], false],
    [[A, B], false],
  ])('isAll(%j) is %s', (filter, expected) => {
    expect(isAll(filter)).toBe(expected);
  });
});

describe('toggleClient (docs/product.md#dashboard-filter)', () => {
  it.each<[string, ClientFilter, string, ClientFilter]>([
    ["'all' while 'all' stays 'all'", ['all'], 'all', ['all']],
    ["'all' resets a selection", [A, B], 'all', ['all']],
    ["a client while 'all' is active replaces it", ['all'], A, [A]],
    ['another client is added at the end', [A], B, [A, B]],
    ['a third client', [A, B], C, [A, B, C]],
    ['a selected client is removed', [A, B], A, [B]],
    ['the last selected client returns to all', [A], A, ['all']],
    ['removing from the middle keeps the order', [A, B, C], B, [A, C]],
  ])('%s', (_label, filter, id, expected) => {
    expect(toggleClient(filter, id)).toEqual(expected);
  });

  it('does not mutate its input', () => {
    const filter: ClientFilter = Object.freeze([A, B]);
    toggleClient(filter, C);
    toggleClient(filter, A);
    expect(filter).toEqual([A, B]);
  });
});

describe('removeClient (badge ×, same as toggling off)', () => {
  it.each<[string, ClientFilter, string, ClientFilter]>([
    ['a selected client', [A, B], B, [A]],
    ['the last one returns to all', [B], B, ['all']],
    ['a client not selected: unchanged', [A], B, [A]],
    ["under 'all': unchanged", ['all'], A, ['all']],
  ])('%s', (_label, filter, id, expected) => {
    expect(removeClient(filter, id)).toEqual(expected);
  });

  it('returns the same filter when nothing changes (no needless re-render)', () => {
    const filter: ClientFilter = [A];
    expect(removeClient(filter, B)).toBe(filter);
    expect(removeClient(ALL_CLIENTS, A)).toBe(ALL_CLIENTS);
  });
});

describe('isClientSelected', () => {
  it.each<[ClientFilter, string, boolean]>([
    [['all'], A, false],
    [[A], A, true],
    [[A], B, false],
    [[A, B], B, true],
  ])('%j has %s: %s', (filter, id, expected) => {
    expect(isClientSelected(filter, id)).toBe(expected);
  });
});

describe('selectedClientIds', () => {
  it.each<[string, ClientFilter, string[], string[]]>([
    ["'all' with no clients", ['all'], [], []],
    ["'all' is every client", ['all'], [A, B, C], [A, B, C]],
    ['a selection, in selection order', [C, A], [A, B, C], [C, A]],
    ['a deleted client is ignored', [A, B], [A, C], [A]],
    ['every selected client deleted', [B], [A, C], []],
  ])('%s', (_label, filter, allIds, expected) => {
    expect(selectedClientIds(filter, allIds)).toEqual(expected);
  });
});

describe('pruneClientFilter (after clients are deleted)', () => {
  it.each<[string, ClientFilter, string[], ClientFilter]>([
    ["'all' stays 'all'", ['all'], [], ['all']],
    ['all selected ids exist', [A, B], [A, B, C], [A, B]],
    ['a deleted id is dropped', [A, B], [B, C], [B]],
    ['none left: back to all', [A], [B], ['all']],
  ])('%s', (_label, filter, existing, expected) => {
    expect(pruneClientFilter(filter, existing)).toEqual(expected);
  });

  it('returns the same filter when nothing changes', () => {
    const filter: ClientFilter = [A];
    expect(pruneClientFilter(filter, [A, B])).toBe(filter);
  });
});

describe('filterLabel (docs/product.md#dashboard-filter text)', () => {
  it.each<[ClientFilter, string]>([
    [['all'], 'Tous les clients'],
    [[A], '1 client(s) sélectionné(s)'],
    [[A, B], '2 client(s) sélectionné(s)'],
    [[A, B, C], '3 client(s) sélectionné(s)'],
  ])('%j → %s', (filter, label) => {
    expect(filterLabel(filter)).toBe(label);
  });
});
