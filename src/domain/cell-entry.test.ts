import { describe, expect, it } from 'vitest';
import { OUT_OF_RANGE_REASON, readCellEntry } from './cell-entry';
import { MAX_ABS_CENTS } from './money';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('readCellEntry (docs/product.md#cell-entry): accepted entries → cents', () => {
  it.each([
    // empty is 0; the plain forms of the first release
    ['', 0],
    ['   ', 0],
    ['0', 0],
    ['-0', 0],
    ['1234,56', 123456],
    ['1234.56', 123456],
    ['1 234,56', 123456],
    [`1${NBSP}234,56`, 123456],
    [`1${NNBSP}234,56 €`, 123456],
    ['-50', -5000],
    ['+50', 5000],
    ['−50', -5000], // the typographic minus, as copied from a French document
    [',5', 50],
    ['1234,', 123400],
    ['1,005', 101],
    ['-1,005', -101],
    ['0,004', 0],
    // French Excel's dot grouping
    ['1.234,56', 123456],
    ['1.700.000', 170000000],
    ['1.234', 123], // one dot and three decimals: a dot decimal, as before
    // accounting negatives
    ['(500)', -50000],
    ['( 1 234,56 € )', -123456],
    ['(0)', 0],
    // formulas, exact to the cent
    ['=1200*12', 1440000],
    ['=3500/3', 116667], // 1 166,666… → 1 166,67
    ['=-3500/3', -116667],
    ['=1000/3', 33333],
    ['=2*3', 600],
    ['= 1 200 × 12', 1440000],
    ['=(100+50)*2', 30000],
    ['=100-(20+30)/2', 7500],
    ['=10/4', 250],
    ['=0,1+0,2', 30], // no float drift: 0,30 exactly
    ['=0.1*3', 30],
    ['=1/3*3', 100], // exact fractions: one third times three is one
    ['=-(5)', -500],
    ['=2÷8', 25],
    ['=1,005', 101],
    ['=-0,005', -1],
    ['=999999999999,99', MAX_ABS_CENTS],
  ])('%j → %i cents', (text, cents) => {
    const entry = readCellEntry(text);
    expect(entry).toEqual({ ok: true, cents });
    if (entry.ok) expect(Object.is(entry.cents, -0)).toBe(false);
  });
});

describe('readCellEntry: refused entries keep the cell and say why', () => {
  it.each([
    ['abc', 'Saisie non reconnue'],
    ['12a5', 'Saisie non reconnue'],
    ['50 %', 'Saisie non reconnue'],
    ['1e5', 'Saisie non reconnue'],
    ['1,234.56', 'Saisie non reconnue'],
    ['-(500)', 'Saisie non reconnue'],
    ['(-500)', 'Saisie non reconnue'],
    ['(500', 'Saisie non reconnue'],
    ['€', 'Saisie non reconnue'],
    ['=', 'Formule vide'],
    ['=1/0', 'Division par zéro.'],
    ['=1/(2-2)', 'Division par zéro.'],
    ['=(1+2', 'Formule incomplète : une parenthèse n’est pas fermée.'],
    ['=1+2)', 'Formule non reconnue : une parenthèse fermante est en trop.'],
    ['=1+', 'Formule incomplète : il manque un nombre à la fin.'],
    ['=2*abc', 'Formule non reconnue : « abc » n’est pas un nombre.'],
    ['=A1+2', 'Formule non reconnue : « A1+2 » n’est pas un nombre.'],
    ['=1..2', 'Formule non reconnue'],
    ['1000000000000', OUT_OF_RANGE_REASON],
    ['-1000000000000', OUT_OF_RANGE_REASON],
    ['=999999999999*10', OUT_OF_RANGE_REASON],
    ['99999999999999999999999', OUT_OF_RANGE_REASON],
    ['=' + '1+'.repeat(150) + '1', 'Saisie non reconnue'],
  ])('%j is refused (%s…)', (text, reason) => {
    const entry = readCellEntry(text);
    expect(entry.ok).toBe(false);
    if (!entry.ok) expect(entry.reason.startsWith(reason)).toBe(true);
  });

  it('names the bound in French', () => {
    expect(OUT_OF_RANGE_REASON).toBe(
      `Montant hors limites : au plus 999${NNBSP}999${NNBSP}999${NNBSP}999,99${NBSP}€ en valeur absolue.`,
    );
  });
});
