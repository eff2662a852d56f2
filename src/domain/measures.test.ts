import { describe, expect, it } from 'vitest';
import { figureTitle, type FigureCaption } from './measures';

describe('figureTitle: the adjective agrees with the caption (m17)', () => {
  it.each<[FigureCaption, string, string]>([
    ['CA', 'CA prévisionnel', 'CA réel'],
    ['MB', 'MB prévisionnelle', 'MB réelle'],
    ['Ventes', 'Ventes prévisionnelles', 'Ventes réelles'],
    ['Achats', 'Achats prévisionnels', 'Achats réels'],
  ])('%s', (caption, forecast, actual) => {
    expect(figureTitle(caption, 'forecast')).toBe(forecast);
    expect(figureTitle(caption, 'actual')).toBe(actual);
  });
});
