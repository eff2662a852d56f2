/**
 * The OpenAPI 3.1 document of /api, built from OPERATIONS and the zod schemas they name with zod's
 * own JSON Schema output (draft 2020-12, the dialect OpenAPI 3.1 uses). Deterministic: the same
 * code gives the same bytes, so docs/openapi.json can be compared with it (openapi.test.ts).
 */
import { z } from 'zod';
import { NAMED, overrides, registry } from './components';
import { OPERATIONS, type Operation } from './operations';

type JsonSchema = Record<string, unknown>;

const SCHEMAS = '#/components/schemas/';

/** The errors every route may answer with, shared in `components.responses`. */
const ERRORS = {
  400: ['BadRequest', 'Données invalides : le message nomme le premier champ refusé, issues les donne tous.'],
  401: ['Unauthorized', 'Mode comptes (AUTH=on) : connexion requise, ou session expirée.'],
  403: [
    'Forbidden',
    'Interdit : rôle insuffisant (lecteur, ou action réservée à l’administrateur), requête d’un autre site (Origin), ou nom d’hôte non local sans comptes.',
  ],
  404: ['NotFound', 'Élément inconnu (ou d’un autre exercice) : rien n’a changé.'],
  409: [
    'Conflict',
    'Conflit avec les données actuelles, ou écriture dans un mois clôturé (code period_locked) : rien n’a changé.',
  ],
  413: ['TooLarge', 'Corps trop volumineux (2 Mo ; 64 Mo pour une sauvegarde).'],
  422: [
    'TotalTooLarge',
    'Un total de la sélection dépasserait 2^53 centimes (90 071 992 547 409,91 €) : refusé plutôt qu’arrondi ; une sélection plus petite se lit.',
  ],
  429: [
    'TooManyAttempts',
    'Trop d’échecs (mot de passe ou code, par compte et par adresse) : réessayer après Retry-After secondes.',
  ],
  500: ['Internal', 'Erreur interne : rien n’a changé ; le détail est dans le journal du serveur.'],
  503: [
    'Unavailable',
    'Base de données injoignable pour l’instant (code unavailable : réessayer après Retry-After secondes), ou dossier de données du serveur en lecture seule ou non accessible en écriture (code storage) : rien n’a changé.',
  ],
  507: [
    'InsufficientStorage',
    'Disque du serveur plein (code storage) : rien n’a changé ; réessayer une fois de la place libérée.',
  ],
} as const;
type ErrorStatus = keyof typeof ERRORS;

const TAGS: [string, string][] = [
  ['Clients', 'Les clients (ils traversent les exercices).'],
  ['Budget', 'Pôles, lignes et cellules d’un exercice (?year=, par défaut l’année en cours).'],
  ['Tableaux de bord', 'Les sommes des tableaux de bord.'],
  ['Exercices', 'Les exercices et le report d’un exercice sur le suivant.'],
  ['Versions', 'Les versions figées du prévisionnel d’un exercice et sa référence.'],
  ['Validation', 'Le circuit de validation des budgets : soumis, validé, renvoyé, rouvert.'],
  ['Commentaires', 'Les commentaires des cellules, des lignes et des clients-exercices, leurs fils et leurs mentions.'],
  ['Notifications', 'Les notifications de chacun (mentions, réponses, alertes), lues ou non, et son niveau.'],
  [
    'Alertes',
    'Les seuils réglés par un administrateur et les alertes actives (achats, taux de marge, clôture, import).',
  ],
  ['Réglages', 'Les réglages de l’agence : le premier mois de l’exercice et son nom.'],
  ['Sauvegarde', 'Sauvegarde JSON et restauration.'],
  ['Historique', 'Historique des modifications, annuler et rétablir.'],
  [
    'Comptabilité',
    'Les réels lus dans le FEC : règles d’affectation, aperçu, import et rapprochement (administrateur).',
  ],
  ['Clôture', 'La clôture des mois : un mois clôturé ne change plus (409 period_locked).'],
  ['Direct', 'Mises à jour en direct entre navigateurs : flux d’événements et présence.'],
  ['Accès', 'Mode d’accès, connexion (mode comptes, better-auth).'],
  ['Serveur', 'État du serveur et cette documentation.'],
];

function override(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  const replacement = overrides.get(ctx.zodSchema as z.ZodType);
  if (!replacement) return;
  const description = ctx.jsonSchema.description;
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  Object.assign(ctx.jsonSchema, replacement, description === undefined ? {} : { description });
}

const jsonOptions = {
  target: 'draft-2020-12',
  io: 'input',
  // Refinements have no JSON Schema: they are stated in the descriptions and answered as 400s.
  unrepresentable: 'any',
  override,
} as const;

function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, { ...jsonOptions, uri: (id) => `${SCHEMAS}${id}` });
  // The registry names the components; their descriptions are added here (zod reads descriptions
  // from `.meta()`, which the domain's schemas do not carry).
  return Object.fromEntries(
    NAMED.map(([, id, description]) => {
      const { $schema: _s, $id: _i, ...rest } = schemas[id] as JsonSchema;
      return [id, { description, ...rest }];
    }),
  );
}

function refTo(schema: z.ZodType, where: string): JsonSchema {
  const id = registry.get(schema)?.id;
  if (!id) throw new Error(`OpenAPI : ${where} n’a pas de nom dans components.ts.`);
  return { $ref: `${SCHEMAS}${id}` };
}

function parameters(schema: z.ZodObject, place: 'path' | 'query'): JsonSchema[] {
  const json = z.toJSONSchema(schema, { ...jsonOptions, metadata: registry }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: place,
      required: place === 'path' || (json.required ?? []).includes(name),
      ...(description === undefined ? {} : { description }),
      schema: rest,
    };
  });
}

const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z_]+)/g, '{$1}');

function errorsOf(op: Operation): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([403, 500, 503, ...(op.errors ?? [])]);
  if (op.params || op.query || op.body || op.fileBody) statuses.add(400);
  if (op.body || op.fileBody) statuses.add(413);
  // Any write of budget data may touch a closed month: 409 period_locked (docs/product.md#month-closing).
  if (op.method !== 'get' && !op.public) statuses.add(409);
  // Any write may find the server's disk full (ADR 040); better-auth answers its own faults (a 500).
  if (op.method !== 'get' && !op.path.startsWith('/api/auth/')) statuses.add(507);
  if (!op.public) statuses.add(401);
  return [...statuses].sort((a, b) => a - b);
}

function operation(op: Operation): JsonSchema {
  const where = `${op.method.toUpperCase()} ${op.path}`;
  const params = [
    ...(op.params ? parameters(op.params, 'path') : []),
    ...(op.query ?? []).flatMap((q) => parameters(q, 'query')),
  ];
  const { status, description, schema, file } = op.answer;
  const responses: Record<string, JsonSchema> = {
    [status]: {
      description,
      ...(schema ? { content: { 'application/json': { schema: refTo(schema, `La réponse de ${where}`) } } } : {}),
      ...(file ? { content: { [file]: { schema: { type: 'string', format: 'binary' } } } } : {}),
    },
  };
  for (const code of errorsOf(op)) responses[code] = { $ref: `#/components/responses/${ERRORS[code][0]}` };
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    operationId: `${op.method}${op.path.replace(/^\/api/, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: refTo(op.body, `Le corps de ${where}`) } },
          },
        }
      : {}),
    ...(op.fileBody
      ? {
          requestBody: {
            required: true,
            description: op.fileBody,
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(operations: readonly Operation[] = OPERATIONS) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    const path = (paths[openApiPath(op.path)] ??= {});
    if (path[op.method]) throw new Error(`OpenAPI : ${op.method.toUpperCase()} ${op.path} est décrit deux fois.`);
    path[op.method] = operation(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Budget & Marges — API',
      version: '1',
      description:
        'L’API JSON que l’application web, les tests et vos scripts partagent. Montants en euros (nombres JSON, ' +
        'arrondis au centime), sauf les tableaux de bord (centimes). Erreurs : { error: { code, message, issues? } }, ' +
        'message en français ; une requête refusée ne change rien. Mode comptes : cookie de session (POST /api/auth/sign-in/email).',
    },
    tags: TAGS.map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: componentSchemas(),
      responses: Object.fromEntries(
        Object.values(ERRORS).map(([name, description]) => [
          name,
          { description, content: { 'application/json': { schema: { $ref: `${SCHEMAS}Error` } } } },
        ]),
      ),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/** The document as committed in docs/openapi.json: 2-space indent and a final newline (Prettier's form). */
export function openApiText(doc: OpenApiDocument = buildOpenApiDocument()): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
