/**
 * A tiny typed wrapper around `fetch` for the JSON API under `/api` (docs/product.md#http-api). Every failure
 * becomes an `ApiError` whose `message` is French and can be shown to the user as is.
 */
import type { ApiErrorBody } from '@/domain/api-error';
import { VIEW_AS_HEADER } from '@/domain/control';
import { TAB_ID, TAB_ID_HEADER } from './tab-id';
import { viewAsUser } from './view-as';

/** The server's error codes, plus `network` (no answer) and `unexpected` (an answer we cannot read). */
export type ApiErrorCode = ApiErrorBody['error']['code'] | 'network' | 'unexpected';
export type ApiIssue = NonNullable<ApiErrorBody['error']['issues']>[number];
/** A cell a refused undo lists (409 `conflict`), in euros as on the wire. */
export type ApiConflictCell = NonNullable<ApiErrorBody['error']['cells']>[number];

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: ApiIssue[];
  /** The cells a 409 `conflict` of an undo names (changed since); empty otherwise. */
  readonly cells: ApiConflictCell[];

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    issues: ApiIssue[] = [],
    cells: ApiConflictCell[] = [],
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.cells = cells;
  }
}

export const UNREACHABLE_MESSAGE = 'Serveur injoignable.';

/** Called on every 401 (accounts mode: no or expired session), so the app can show the sign-in page. */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export type ApiPath = `/api/${string}`;

/**
 * `path` with `year=` added to its query: every route that reads or writes a year's data takes it
 * (docs/product.md#budget-years); without it the server would use the current calendar year.
 */
export function withYear(path: ApiPath, year: number): ApiPath {
  return `${path}${path.includes('?') ? '&' : '?'}year=${year}`;
}
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequestOptions = {
  method?: ApiMethod;
  /** Sent as JSON when defined. */
  body?: unknown;
  /** Lets TanStack Query cancel a request; an abort is rethrown as is, never as an ApiError. */
  signal?: AbortSignal;
};

/**
 * Calls the API and returns its parsed JSON (`undefined` for an empty answer such as 204).
 * The type parameter is trusted, not checked: the server validates with the shared zod schemas.
 */
export async function apiRequest<T>(path: ApiPath, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers = requestHeaders(method, body === undefined ? null : 'application/json');

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted || isAbort(error)) throw error;
    throw new ApiError(0, 'network', UNREACHABLE_MESSAGE);
  }

  return answerOf<T>(response.status, await readText(response));
}

/** The headers of a request: JSON answers, the body's type, 'Voir en tant que…', and the tab's id on a write. */
function requestHeaders(method: ApiMethod, contentType: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (contentType !== null) headers['Content-Type'] = contentType;
  const viewAs = viewAsUser();
  if (viewAs) headers[VIEW_AS_HEADER] = viewAs.id;
  // docs/product.md#live-browser: the change this write makes comes back on the live stream with
  // this tab's id, and the tab ignores it (it shows the change already).
  if (method !== 'GET') headers[TAB_ID_HEADER] = TAB_ID;
  return headers;
}

/** An answer's parsed JSON (`undefined` when empty), or its ApiError; a 401 tells the listeners. */
function answerOf<T>(status: number, text: string): T {
  if (status === 401) unauthorizedListeners.forEach((listener) => listener());
  if (status >= 200 && status < 300) {
    if (text === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(status, 'unexpected', 'Réponse du serveur illisible.');
    }
  }
  throw errorFrom(status, text);
}

/**
 * POSTs raw bytes (`application/octet-stream`) and returns the parsed JSON answer, as apiRequest
 * does. Through XMLHttpRequest, which reports the upload's progress (fetch does not):
 * `onProgress` receives the share sent, 0 to 1, for a file large enough to take a while.
 */
export function apiUpload<T>(
  path: ApiPath,
  bytes: Uint8Array<ArrayBuffer>,
  onProgress?: (sent: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(requestHeaders('POST', 'application/octet-stream'))) {
      xhr.setRequestHeader(name, value);
    }
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    xhr.onload = () => {
      try {
        resolve(answerOf<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', UNREACHABLE_MESSAGE));
    xhr.send(bytes);
  });
}

/**
 * GETs a file the server builds (the management pack's PDF) as a Blob; an error answer throws its
 * ApiError, as apiRequest does.
 */
export async function apiFile(path: ApiPath, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { headers: requestHeaders('GET', null), signal });
  } catch (error) {
    if (signal?.aborted || isAbort(error)) throw error;
    throw new ApiError(0, 'network', UNREACHABLE_MESSAGE);
  }
  if (response.status >= 200 && response.status < 300) return response.blob();
  return answerOf<never>(response.status, await readText(response));
}

/** Shorthands for the five methods the API uses. */
export const api = {
  get: <T>(path: ApiPath, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: ApiPath, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: ApiPath, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: ApiPath, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T = void>(path: ApiPath) => apiRequest<T>(path, { method: 'DELETE' }),
};

async function readText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    // The connection dropped while the body was streaming.
    throw new ApiError(0, 'network', UNREACHABLE_MESSAGE);
  }
}

/** Reads the one error shape of the API; anything else (a proxy's HTML page…) gets a generic French message. */
function errorFrom(status: number, text: string): ApiError {
  const parsed = safeJson(text);
  if (isApiErrorBody(parsed)) {
    const { code, message, issues, cells } = parsed.error;
    return new ApiError(status, code, message, issues ?? [], cells ?? []);
  }
  return new ApiError(status, 'unexpected', `Erreur inattendue du serveur (HTTP ${status}).`);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
