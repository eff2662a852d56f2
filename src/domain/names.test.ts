import { describe, expect, it } from 'vitest';
import { foldName, nameMatches, sameName } from './names';

describe('names: case, accents and blanks aside', () => {
  it.each([
    ['Éditions Dupont', 'editions dupont'],
    ['  HÔTEL  de la Plage ', 'hotel de la plage'],
    ['Café\u00a0Crème', 'cafe creme'],
    ['Œuvre', 'œuvre'],
  ])('foldName(%j) = %j', (name, folded) => {
    expect(foldName(name)).toBe(folded);
  });

  it.each<[string, string, boolean]>([
    ['Client à supprimer', 'client a supprimer', true],
    ['Client à supprimer', 'CLIENT À SUPPRIMER ', true],
    ['Client A', 'Client B', false],
  ])('sameName(%j, %j) is %s', (a, b, same) => {
    expect(sameName(a, b)).toBe(same);
  });

  it.each<[string, string, boolean]>([
    ['Éditions Lambert', 'editions', true],
    ['Éditions Lambert', 'lambert', true],
    ['Hôtel Les Pins', 'hôtel l', true],
    ['Laboratoires Chevalier SA', 'lambert', false],
    ['Tout', '', true],
  ])('nameMatches(%j, %j) is %s', (name, search, expected) => {
    expect(nameMatches(name, search)).toBe(expected);
  });
});
