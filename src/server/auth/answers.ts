/**
 * better-auth's answers rewritten for our clients: errors in our `{error:{code,message}}` shape and
 * in French (sign-in failures all alike), JSON without any session token.
 */
import type { ApiErrorBody } from '@/domain/api-error';
import { errorBody } from '../lib/errors';
import { SIGN_IN_REQUIRED } from './session';

export const WRONG_CREDENTIALS = 'Email ou mot de passe incorrect.';

/** better-auth's codes that carry a message worth showing, in French. */
const MESSAGES: Record<string, string> = {
  INVALID_PASSWORD: 'Mot de passe incorrect.',
  INVALID_CODE: 'Code de vérification incorrect.',
  INVALID_TWO_FACTOR_COOKIE: 'La vérification a expiré : reconnectez-vous.',
  TOTP_NOT_ENABLED: "La double authentification n'est pas configurée.",
  CODE_REUSED: 'Ce code a déjà servi : attendez le suivant dans votre application.',
  PASSWORD_TOO_SHORT: 'Le nouveau mot de passe doit compter au moins 12 caractères.',
  PASSWORD_TOO_LONG: 'Le mot de passe doit compter au plus 256 caractères.',
};

/**
 * Rewrites better-auth's answers: errors into `{error:{code,message}}` in French (sign-in failures
 * all alike), and JSON without any session `token` (the cookie is HTTP-only; scripts don't need it).
 * Headers (Set-Cookie) are kept.
 */
export async function toOurShape(response: Response, path: string): Promise<Response> {
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  // A fault answered in any shape becomes our generic 500: no library detail reaches the client.
  if (response.status >= 500) return Response.json(errorFor(response.status, path, ''), { status: response.status });
  if (!isJson) return response;
  const body: unknown = await response.json().catch(() => undefined);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  if (response.ok) return Response.json(withoutTokens(body), { status: response.status, headers });
  const code = (body as { code?: unknown } | undefined)?.code;
  return Response.json(errorFor(response.status, path, typeof code === 'string' ? code : ''), {
    status: response.status,
    headers,
  });
}

function errorFor(status: number, path: string, code: string): ApiErrorBody {
  if (path === '/sign-in/email' && (status === 401 || status === 400 || status === 403)) {
    return errorBody('unauthorized', WRONG_CREDENTIALS);
  }
  const message = MESSAGES[code];
  if (status === 401) return errorBody('unauthorized', message ?? SIGN_IN_REQUIRED);
  if (status === 403) return errorBody('forbidden', message ?? 'Action refusée.');
  if (status === 429) return errorBody('rate_limited', 'Trop de tentatives. Réessayez dans quelques minutes.');
  if (status === 404) return errorBody('not_found', 'Route inconnue.');
  if (status < 500) return errorBody('validation', message ?? 'Requête invalide.');
  return errorBody('internal', 'Erreur interne du serveur. Réessayez plus tard.');
}

function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, v]) => [key, withoutTokens(v)]),
  );
}
