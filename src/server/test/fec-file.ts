/**
 * FEC files for the API tests (docs/product.md#actuals-from-the-accounting): pipe-separated, CRLF,
 * the 18 fields in their legal order (FEC_FIELDS), built from a few entries.
 */
import type { Hono } from 'hono';
import { FEC_FIELDS } from '@/domain/accounting/fec-reader';

/** A FEC line: journal, number, date, account, aux, aux label, label, debit, credit (text as written). */
export type FecRow = [string, string, string, string, string, string, string, string, string];

/** The 18 fields of one line, in FEC_FIELDS' order. */
function fields([journal, num, date, account, aux, auxLib, label, debit, credit]: FecRow): string[] {
  const byName: Record<(typeof FEC_FIELDS)[number], string> = {
    JournalCode: journal,
    JournalLib: journal === 'VE' ? 'Ventes' : 'Achats',
    EcritureNum: num,
    EcritureDate: date,
    CompteNum: account,
    CompteLib: 'Compte',
    CompAuxNum: aux,
    CompAuxLib: auxLib,
    PieceRef: num,
    PieceDate: date,
    EcritureLib: label,
    Debit: debit,
    Credit: credit,
    EcritureLet: '',
    DateLet: '',
    ValidDate: date,
    Montantdevise: '',
    Idevise: '',
  };
  return FEC_FIELDS.map((name) => byName[name]);
}

/** A sale: the customer's 411 line (its third party), then the 7xx line. Amount in euros text. */
export const sale = (
  num: string,
  date: string,
  aux: string,
  account: string,
  amount: string,
  label = 'Facture',
): FecRow[] => [
  ['VE', num, date, '411000', aux, `Client ${aux}`, label, amount, '0,00'],
  ['VE', num, date, account, '', '', label, '0,00', amount],
];

/** A purchase: the supplier's 401 line, then the 6xx line. */
export const purchase = (num: string, date: string, aux: string, account: string, amount: string): FecRow[] => [
  ['AC', num, date, '401000', aux, aux, 'Facture fournisseur', '0,00', amount],
  ['AC', num, date, account, '', '', 'Facture fournisseur', amount, '0,00'],
];

/** The file's bytes: the header, then the lines, CRLF. */
export const fecFile = (rows: readonly FecRow[]) =>
  new TextEncoder().encode([FEC_FIELDS.join('|'), ...rows.map((r) => fields(r).join('|'))].join('\r\n'));

/** POSTs a file's bytes (a FEC's preview or apply) to `app`; its status and JSON answer. */
export async function postBytes<T>(app: { request: Hono['request'] }, path: string, bytes: Uint8Array) {
  const res = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  });
  return { status: res.status, json: (await res.json()) as T };
}

/** A mapping that sends third party C001's sales on 706100 to one client's line. */
export const oneClientSalesMapping = (clientId: string, pole: string, line: string) => ({
  agentAccounts: [],
  clients: [{ thirdParty: 'C001', clientId }],
  rules: [{ when: { account: '706100' }, then: { pole, line } }],
});
