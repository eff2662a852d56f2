/**
 * What the 'Comptabilité' tab does to the mapping document (docs/product.md#actuals-from-the-accounting):
 * assign an « À affecter » group, move, replace or delete a rule, describe a rule in French. Pure:
 * the tab reads the stored document, applies one of these and PUTs the whole document back.
 */
import type { MappingDocument, MappingRule, RuleAction, RuleCondition } from './types';

/** One « À affecter » group (a third party and an account) sent to a client's pole and line. */
export interface Assignment {
  /** The group's third party; '' when its lines have none. */
  thirdParty: string;
  /** The group's account (CompteNum): the rule matches it as a prefix, so this account and its sub-accounts. */
  account: string;
  clientId: string;
  pole: string;
  line: string;
  /**
   * « Toujours pour ce tiers »: the third party becomes the client's in `clients` (every rule that
   * names no client then sends its lines to that client), and the rule names no client.
   */
  always: boolean;
}

/**
 * The document with the group assigned: a rule on the third party and the account, put first so
 * that it wins over the broader rules that left the group unmapped (a rule without a client, for a
 * third party no client had); with `always`, the third party joins `clients` (replacing the client
 * it had). A group without a third party gets a rule on its account alone, never `always`.
 */
export function assignUnmapped(document: MappingDocument, a: Assignment): MappingDocument {
  const when: RuleCondition =
    a.thirdParty === '' ? { account: a.account } : { thirdParty: a.thirdParty, account: a.account };
  const place = { pole: a.pole.trim(), line: a.line.trim() };
  if (a.always && a.thirdParty !== '') {
    return {
      ...document,
      clients: [
        ...document.clients.filter((c) => c.thirdParty !== a.thirdParty),
        { thirdParty: a.thirdParty, clientId: a.clientId },
      ],
      rules: [{ when, then: place }, ...document.rules],
    };
  }
  return { ...document, rules: [{ when, then: { clientId: a.clientId, ...place } }, ...document.rules] };
}

/** The rules with rule `index` moved by `delta` places (−1 up, +1 down); unchanged at either end. */
export function moveRule(rules: readonly MappingRule[], index: number, delta: -1 | 1): MappingRule[] {
  const target = index + delta;
  const moved = [...rules];
  if (index < 0 || index >= rules.length || target < 0 || target >= rules.length) return moved;
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

/** The rules without rule `index`. */
export function removeRule(rules: readonly MappingRule[], index: number): MappingRule[] {
  return rules.filter((_, i) => i !== index);
}

/** The rules with rule `index` replaced. */
export function replaceRule(rules: readonly MappingRule[], index: number, rule: MappingRule): MappingRule[] {
  return rules.map((r, i) => (i === index ? rule : r));
}

/** The conditions a rule's form edits, as typed: an empty text is no condition. */
export type ConditionDraft = Record<'account' | 'thirdParty' | 'journal' | 'label', string>;

/** A form's conditions as a rule's `when`: empty fields left out, `column` kept from the rule as it was. */
export function conditionFromDraft(draft: ConditionDraft, column?: RuleCondition['column']): RuleCondition {
  const when: RuleCondition = {};
  for (const key of ['account', 'thirdParty', 'journal', 'label'] as const) {
    const value = draft[key].trim();
    if (value !== '') when[key] = value;
  }
  if (column) when.column = column;
  return when;
}

/** « Si compte 706100… et tiers GOOGLE »: a rule's conditions in French. */
export function describeCondition(when: RuleCondition): string {
  const parts: string[] = [];
  if (when.account !== undefined) parts.push(`compte ${when.account}…`);
  if (when.thirdParty !== undefined) parts.push(`tiers ${when.thirdParty}`);
  if (when.journal !== undefined) parts.push(`journal ${when.journal}`);
  if (when.label !== undefined) parts.push(`libellé contenant « ${when.label} »`);
  if (when.column !== undefined) parts.push(`colonne ${when.column.name} = « ${when.column.equals} »`);
  return parts.length === 0 ? 'Sans condition' : `Si ${parts.join(' et ')}`;
}

/**
 * « Paid · Google Ads – Search, client Dupont »: what a rule does, in French; `clientName` names a
 * client by id (undefined for a client unknown here, shown as such).
 */
export function describeAction(then: RuleAction, clientName: (id: string) => string | undefined): string {
  if ('ignore' in then) return 'Ignorer ces écritures';
  const client = then.clientId === undefined ? 'client du tiers' : `client ${clientName(then.clientId) ?? 'inconnu'}`;
  if ('split' in then) {
    const shares = then.split.map((s) => `${s.pole} · ${s.line} ${String(s.percent).replace('.', ',')} %`);
    return `Répartir : ${shares.join(', ')} (${client})`;
  }
  if ('spread' in then) return `Répartir selon le prévisionnel du mois (${client})`;
  return `${then.pole} · ${then.line} (${client})`;
}
