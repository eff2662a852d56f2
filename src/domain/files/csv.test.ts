import { describe, expect, it } from 'vitest';
import { COMMA_CSV, csvCell, csvDocument, guardFormula, SEMICOLON_CSV } from './csv';
import { fileDate, fileNamePart, frenchDate } from './file-names';

describe('guardFormula', () => {
  it.each([
    ['', ''],
    ['Acme', 'Acme'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+33 1 23', "'+33 1 23"],
    ['-cmd', "'-cmd"],
    ['@import', "'@import"],
    ['\tTab', "'\tTab"],
    ['\rCR', "'\rCR"],
    ['-50', '-50'],
    ['-0,05', '-0,05'],
    ['-1234.50', '-1234.50'],
    ['-12,3', '-12,3'],
    ['- 5', "'- 5"],
    ['-1,2,3', "'-1,2,3"],
    ['a=b', 'a=b'],
    // Full-width and small lookalikes (issue 19).
    ['\uFF1DSUM(A1)', "'\uFF1DSUM(A1)"],
    ['\uFE66HYPERLINK(x)', "'\uFE66HYPERLINK(x)"],
    ['\uFF0B33', "'\uFF0B33"],
    ['\uFE621', "'\uFE621"],
    ['\uFF0Dcmd', "'\uFF0Dcmd"],
    ['\uFE63cmd', "'\uFE63cmd"],
    ['\uFF20import', "'\uFF20import"],
    ['\uFE6Bimport', "'\uFE6Bimport"],
    ['a\uFF1Db', 'a\uFF1Db'],
  ])('%j → %j', (value, expected) => {
    expect(guardFormula(value)).toBe(expected);
  });
});

describe('csvCell', () => {
  it.each([
    [SEMICOLON_CSV, 'Acme', '"Acme"'],
    [SEMICOLON_CSV, 'Dupont "père"; fils', '"Dupont ""père""; fils"'],
    [SEMICOLON_CSV, '=1+1', `"'=1+1"`],
    [SEMICOLON_CSV, '-0,05', '"-0,05"'],
    [SEMICOLON_CSV, '', '""'],
    [COMMA_CSV, 'Acme', 'Acme'],
    [COMMA_CSV, '1234.50', '1234.50'],
    [COMMA_CSV, 'a,b', '"a,b"'],
    [COMMA_CSV, 'dit "oui"', '"dit ""oui"""'],
    [COMMA_CSV, 'ligne\nsuivante', '"ligne\nsuivante"'],
    [COMMA_CSV, 'a;b', 'a;b'],
    [COMMA_CSV, ' espace', '" espace"'],
    [COMMA_CSV, '=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    [COMMA_CSV, '', ''],
  ])('%j %j → %j', (format, value, expected) => {
    expect(csvCell(value, format)).toBe(expected);
  });
});

describe('csvDocument', () => {
  it('writes the BOM, CRLF after every line, and blank lines for empty rows', () => {
    expect(csvDocument([['a', 'b'], [], ['c']], SEMICOLON_CSV)).toBe('\uFEFF"a";"b"\r\n\r\n"c"\r\n');
    expect(csvDocument([['a', 'b,c']], COMMA_CSV)).toBe('\uFEFFa,"b,c"\r\n');
    expect(csvDocument([], COMMA_CSV)).toBe('\uFEFF');
  });
});

describe('file names', () => {
  it.each([
    ['Acme', 'Acme'],
    ['Équipe Zèbre & Cie', 'Équipe-Zèbre--Cie'],
    ['Dupont "père"; =fils', 'Dupont-père-fils'],
    ['a/b\\c:d', 'abcd'],
    ['client_1-2', 'client_1-2'],
  ])('%j → %j', (name, expected) => {
    expect(fileNamePart(name)).toBe(expected);
  });

  it('formats local dates', () => {
    const d = new Date(2026, 0, 5, 23, 59);
    expect(fileDate(d)).toBe('2026-01-05');
    expect(frenchDate(d)).toBe('05/01/2026');
  });
});
