import { describe, expect, it } from 'vitest';
import { scopeSummary, toggleScopeClient } from './client-scope';

const clients = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Bêta' },
  { id: 'c', name: 'Gamma' },
  { id: 'd', name: 'Delta' },
  { id: 'e', name: 'Epsilon' },
];

describe('the summary of a user scope (docs/product.md#user-scope)', () => {
  it('names every client, none, or the assigned ones in the list order', () => {
    expect(scopeSummary(null, clients)).toBe('Tous les clients');
    expect(scopeSummary([], clients)).toBe('Aucun client (à assigner)');
    expect(scopeSummary(['a'], clients)).toBe('1 client : Alpha');
    expect(scopeSummary(['b', 'a'], clients)).toBe('2 clients : Alpha, Bêta');
  });

  it('names three, then counts the rest; ids of deleted clients are not counted', () => {
    expect(scopeSummary(['a', 'b', 'c', 'd'], clients)).toBe('4 clients : Alpha, Bêta, Gamma et 1 autre');
    expect(scopeSummary(['a', 'b', 'c', 'd', 'e', 'gone'], clients)).toBe('5 clients : Alpha, Bêta, Gamma et 2 autres');
    expect(scopeSummary(['gone'], clients)).toBe('Aucun client (à assigner)');
  });

  it('ticks and unticks one client', () => {
    expect(toggleScopeClient(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleScopeClient(['a', 'b'], 'a')).toEqual(['b']);
  });
});
