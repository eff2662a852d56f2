/**
 * The zod schema of the mapping document (`GET/PUT /api/accounting/mapping`,
 * docs/product.md#actuals-from-the-accounting): which ledger lines count, which client a third
 * party is, and the rules that send lines to client × pole × line. Messages are French and name
 * the rule they are about, 1-based as the screen lists them (« Règle 3 : au moins une condition
 * est nécessaire. »), so the UI can show them as they are.
 */
import { z } from 'zod';
import { upliftHundredths } from '../rollforward';
import { idSchema, nameSchema } from '../schemas';
import type { MappingDocument, MappingRule, RuleAction, RuleCondition } from './types';

/** Bounds that keep one document small enough to validate, store and apply in one request. */
export const MAX_MAPPING_RULES = 5000;
export const MAX_MAPPING_CLIENTS = 20_000;
export const MAX_SPLIT_SHARES = 50;
export const MAX_AGENT_ACCOUNTS = 100;
export const MAX_OPENING_JOURNALS = 50;
/** Longest text of a condition, a third party, an account or a journal. */
export const MAX_MAPPING_TEXT = 200;

/** The journals left out when the document names none (opening entries: à nouveaux). */
export const DEFAULT_OPENING_JOURNALS: readonly string[] = ['AN', 'RAN', 'OUV'];

/** A split's percentages sum to 100, i.e. 10,000 hundredths of a percent. */
const HUNDRED_PERCENT = 10_000;

/** A trimmed, non-empty text of bounded length; `what` starts the message (« Le compte »). */
function textSchema(what: string) {
  return (
    z
      .string({ error: `${what} doit être un texte.` })
      .trim()
      .min(1, { error: `${what} ne peut pas être vide.` })
      .max(MAX_MAPPING_TEXT, { error: `${what} ne peut pas dépasser ${MAX_MAPPING_TEXT} caractères.` })
      // The document is stored as JSON in PostgreSQL, whose text cannot hold NUL.
      .refine((s) => !s.includes('\u0000'), { error: `${what} contient un caractère interdit (NUL).` })
  );
}

/** The message of a value of the wrong type only: a strict object's unknown keys keep zod's own (« Clé non reconnue »). */
function typeError(message: string) {
  return (iss: { code: string }) => (iss.code === 'invalid_type' ? message : undefined);
}

/** A percentage written with at most two decimals → hundredths of a percent (33.33 → 3333). */
function percentHundredths(percent: number): number {
  return upliftHundredths(percent) ?? Math.round(percent * 100);
}

/** Hundredths of a percent → French text without useless zeros (9000 → `90`, 9950 → `99,5`). */
function percentText(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const fraction = hundredths % 100;
  if (fraction === 0) return String(whole);
  return `${whole},${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

const conditionSchema = z
  .strictObject(
    {
      account: textSchema('Le compte').optional(),
      thirdParty: textSchema('Le tiers').optional(),
      journal: textSchema('Le journal').optional(),
      label: textSchema('Le libellé').optional(),
      column: z
        .strictObject(
          {
            name: textSchema('Le nom de colonne'),
            // An empty value is a condition too: « this column is empty ».
            equals: z
              .string({ error: 'La valeur de colonne doit être un texte.' })
              .trim()
              .max(MAX_MAPPING_TEXT, {
                error: `La valeur de colonne ne peut pas dépasser ${MAX_MAPPING_TEXT} caractères.`,
              })
              .refine((s) => !s.includes('\u0000'), {
                error: 'La valeur de colonne contient un caractère interdit (NUL).',
              }),
          },
          { error: typeError('La condition de colonne doit être un objet { name, equals }.') },
        )
        .optional(),
    },
    { error: typeError('La condition (when) doit être un objet.') },
  )
  .refine((when) => Object.values(when).some((v) => v !== undefined), {
    error: 'Au moins une condition est nécessaire.',
  }) satisfies z.ZodType<RuleCondition>;

const shareSchema = z.strictObject(
  {
    pole: nameSchema,
    line: nameSchema,
    percent: z
      .number({ error: 'Le pourcentage doit être un nombre.' })
      .gt(0, { error: 'Le pourcentage doit être positif.' })
      .max(100, { error: 'Le pourcentage ne peut pas dépasser 100.' })
      .refine((n) => upliftHundredths(n) !== null, { error: 'Le pourcentage a au plus deux décimales.' }),
  },
  { error: typeError('Une part de répartition doit être un objet { pole, line, percent }.') },
);

const splitSchema = z
  .array(shareSchema, { error: 'split doit être une liste de parts.' })
  .min(1, { error: 'La répartition doit avoir au moins une part.' })
  .max(MAX_SPLIT_SHARES, { error: `La répartition a au plus ${MAX_SPLIT_SHARES} parts.` })
  .superRefine((shares, ctx) => {
    // Exact: hundredths of a percent are integers (33.33 + 33.33 + 33.34 is 100, not 99.99999…).
    const total = shares.reduce((sum, s) => sum + percentHundredths(s.percent), 0);
    if (total !== HUNDRED_PERCENT) {
      ctx.addIssue({ code: 'custom', message: `Les pourcentages font ${percentText(total)}, pas 100.` });
    }
  });

/** The action's fields as written; exactly one kind is checked, then it becomes a RuleAction. */
const actionFields = z.strictObject(
  {
    clientId: idSchema.optional(),
    pole: nameSchema.optional(),
    line: nameSchema.optional(),
    split: splitSchema.optional(),
    spread: z.literal('forecast', { error: 'spread vaut « forecast ».' }).optional(),
    ignore: z.literal(true, { error: 'ignore vaut true.' }).optional(),
  },
  { error: typeError("L'action (then) doit être un objet.") },
);

const ACTION_KINDS = 'pole et line, split, spread ou ignore';

const actionSchema = actionFields.transform((then, ctx): RuleAction => {
  const kinds = [
    then.pole !== undefined || then.line !== undefined ? 'pole et line' : null,
    then.split !== undefined ? 'split' : null,
    then.spread !== undefined ? 'spread' : null,
    then.ignore !== undefined ? 'ignore' : null,
  ].filter((k) => k !== null);
  const client = then.clientId === undefined ? {} : { clientId: then.clientId };
  if (kinds.length === 0) {
    ctx.addIssue({ code: 'custom', message: `Indiquez une action : ${ACTION_KINDS}.` });
  } else if (kinds.length > 1) {
    ctx.addIssue({
      code: 'custom',
      message: `Une seule action par règle (ici : ${kinds.join(', ')}).`,
    });
  } else if (then.ignore) {
    if (then.clientId === undefined) return { ignore: true };
    ctx.addIssue({ code: 'custom', message: 'Une règle qui ignore ne nomme pas de client.' });
  } else if (then.split) {
    return { ...client, split: then.split };
  } else if (then.spread) {
    return { ...client, spread: then.spread };
  } else if (then.pole === undefined || then.line === undefined) {
    ctx.addIssue({ code: 'custom', message: 'Le pôle et la ligne vont ensemble : indiquez les deux.' });
  } else {
    return { ...client, pole: then.pole, line: then.line };
  }
  return z.NEVER;
});

/** One rule, as the screen edits it (its messages do not name it: the document's do). */
export const mappingRuleSchema = z.strictObject(
  { when: conditionSchema, then: actionSchema },
  { error: typeError('Une règle doit être un objet { when, then }.') },
) satisfies z.ZodType<MappingRule>;

/** What an issue's path inside a rule names, for messages that do not say it (`part 2, pôle`). */
function placeInRule(path: readonly PropertyKey[]): string {
  const words: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (key === 'split' && typeof path[i + 1] === 'number') {
      words.push(`part ${(path[i + 1] as number) + 1}`);
      i++;
    } else if (key === 'pole') words.push('pôle');
    else if (key === 'line') words.push('ligne');
    else if (key === 'clientId') words.push('client');
  }
  return words.join(', ');
}

/** `Le nom…` → `le nom…`, but `UUID…` stays as it is. */
function lowerFirst(message: string): string {
  return /^\p{Lu}\p{Ll}/u.test(message) ? message[0]!.toLowerCase() + message.slice(1) : message;
}

/** « Règle 3 : … », or « Règle 4, part 2, pôle : … » where the message does not name the field. */
function ruleMessage(index: number, path: readonly PropertyKey[], message: string): string {
  const place = placeInRule(path);
  return `Règle ${index + 1}${place ? `, ${place}` : ''} : ${lowerFirst(message)}`;
}

/**
 * The rules: each one parsed on its own so that every message names its rule (zod's own messages
 * cannot know the index). The OpenAPI document describes it as `z.array(mappingRuleSchema)`.
 */
export const mappingRulesSchema = z
  .array(z.unknown(), { error: 'rules doit être une liste de règles.' })
  .max(MAX_MAPPING_RULES, { error: `Au plus ${MAX_MAPPING_RULES} règles.` })
  .transform((items, ctx) => {
    const rules: MappingRule[] = [];
    items.forEach((item, index) => {
      const parsed = mappingRuleSchema.safeParse(item);
      if (parsed.success) {
        rules.push(parsed.data);
        return;
      }
      for (const issue of parsed.error.issues) {
        ctx.addIssue({
          code: 'custom',
          message: ruleMessage(index, issue.path, issue.message),
          path: [index, ...issue.path],
          input: item,
        });
      }
    });
    return rules;
  });

const clientEntrySchema = z.strictObject(
  { thirdParty: textSchema('Le tiers'), clientId: idSchema },
  { error: typeError('Une correspondance doit être un objet { thirdParty, clientId }.') },
);

const clientsSchema = z
  .array(clientEntrySchema, { error: 'clients doit être une liste de correspondances tiers → client.' })
  .max(MAX_MAPPING_CLIENTS, { error: `Au plus ${MAX_MAPPING_CLIENTS} correspondances tiers → client.` })
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.thirdParty)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'thirdParty'],
          message: `Le tiers « ${entry.thirdParty} » est associé deux fois : une seule correspondance par tiers.`,
        });
      }
      seen.add(entry.thirdParty);
    });
  });

const agentAccountSchema = textSchema("Le compte d'agent").refine((account) => account.startsWith('4'), {
  error: (iss) => `Le compte d'agent « ${String(iss.input)} » n'est pas de classe 4 (467…).`,
});

/** The body of `PUT /api/accounting/mapping`; what is absent takes its default. */
export const mappingDocument = z.strictObject(
  {
    agentAccounts: z
      .array(agentAccountSchema, { error: 'agentAccounts doit être une liste de comptes (préfixes).' })
      .max(MAX_AGENT_ACCOUNTS, { error: `Au plus ${MAX_AGENT_ACCOUNTS} comptes d'agent.` })
      .default(() => []),
    openingJournals: z
      .array(textSchema("Le journal d'ouverture"), { error: 'openingJournals doit être une liste de journaux.' })
      .max(MAX_OPENING_JOURNALS, { error: `Au plus ${MAX_OPENING_JOURNALS} journaux d'ouverture.` })
      .default(() => [...DEFAULT_OPENING_JOURNALS]),
    monthFrom: z
      .enum(['EcritureDate', 'PieceDate'], { error: 'monthFrom doit valoir EcritureDate ou PieceDate.' })
      .default('EcritureDate'),
    clients: clientsSchema.default(() => []),
    rules: mappingRulesSchema.default(() => []),
  },
  { error: typeError('Le document de correspondance doit être un objet.') },
) satisfies z.ZodType<MappingDocument, unknown>;

export type MappingDocumentInput = z.input<typeof mappingDocument>;

/**
 * Every client id the document names (its `clients`, then its rules' `then.clientId`), lower
 * case, each once, in that order: the server checks they exist before storing it.
 */
export function mappingClientIds(doc: MappingDocument): string[] {
  const ids = new Set<string>();
  for (const entry of doc.clients) ids.add(entry.clientId.toLowerCase());
  for (const rule of doc.rules) {
    if ('clientId' in rule.then && rule.then.clientId !== undefined) ids.add(rule.then.clientId.toLowerCase());
  }
  return [...ids];
}

/** Where a document names a client: a rule (0-based index) or a third party of `clients`. */
export type ClientReference = { rule: number } | { thirdParty: string };

/** The 400 message of an unknown client: « Règle 2 : client inconnu (…). » or « Tiers « DUPONT » : … ». */
export function unknownClientMessage(where: ClientReference, clientId: string): string {
  const place = 'rule' in where ? `Règle ${where.rule + 1}` : `Tiers « ${where.thirdParty} »`;
  return `${place} : client inconnu (${clientId}).`;
}

/**
 * The message of the first place, in document order, that names a client `exists` does not know
 * (it receives the id lower case), or null when every client exists.
 */
export function unknownClientProblem(doc: MappingDocument, exists: (clientId: string) => boolean): string | null {
  for (const entry of doc.clients) {
    if (!exists(entry.clientId.toLowerCase())) {
      return unknownClientMessage({ thirdParty: entry.thirdParty }, entry.clientId);
    }
  }
  for (const [rule, { then }] of doc.rules.entries()) {
    if ('clientId' in then && then.clientId !== undefined && !exists(then.clientId.toLowerCase())) {
      return unknownClientMessage({ rule }, then.clientId);
    }
  }
  return null;
}
