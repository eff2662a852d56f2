import { describe, expect, it } from 'vitest';
import { BADGE_COLOURS, badgeColours, initialsOf } from './live';

describe('initialsOf', () => {
  it.each([
    ['Camille Martin', 'CM'],
    ['camille martin', 'CM'],
    ['Jean-Pierre Dupont', 'JD'],
    ['jean-pierre.dupont@agence.fr', 'JD'],
    ['camille@agence.fr', 'CA'],
    ['local', 'LO'],
    ['Élodie Œuvray', 'ÉŒ'],
    ["Anne d'Arc", 'AA'],
    ['  Paul   Émile  Victor ', 'PV'],
    ['X', 'X'],
    ['—', '?'],
  ])('%s → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('badgeColours (m19: presence badges told apart)', () => {
  it('gives each of up to BADGE_COLOURS people shown together a colour of their own', () => {
    for (let n = 1; n <= BADGE_COLOURS; n += 1) {
      const ids = Array.from({ length: n }, (_, i) => `user-${i}@agence.fr`);
      const colours = badgeColours(ids);
      expect(new Set(colours).size).toBe(n);
      expect(colours.every((c) => Number.isInteger(c) && c >= 0 && c < BADGE_COLOURS)).toBe(true);
    }
  });

  it('keeps a person their colour from one list to the next', () => {
    const [alone] = badgeColours(['camille@agence.fr']);
    expect(badgeColours(['camille@agence.fr', 'leo@agence.fr'])[0]).toBe(alone);
  });
});
