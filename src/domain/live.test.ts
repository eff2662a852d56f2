import { describe, expect, it } from 'vitest';
import { initialsOf } from './live';

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
