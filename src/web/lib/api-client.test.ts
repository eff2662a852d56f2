import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientsAnswer } from '@/domain/answers';
import { installFakeXhr } from '../test/fake-xhr';
import { ApiError, api, apiRequest, apiUpload, onUnauthorized } from './api-client';
import { TAB_ID, TAB_ID_HEADER } from './tab-id';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function mockFetch(impl: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('returns the parsed JSON of a 2xx answer', async () => {
    const fetchMock = mockFetch(async () => json([{ id: 'a', name: 'Acme' }]));

    await expect(api.get<ClientsAnswer>('/api/clients')).resolves.toEqual([{ id: 'a', name: 'Acme' }]);
    expect(fetchMock).toHaveBeenCalledWith('/api/clients', expect.objectContaining({ method: 'GET', body: undefined }));
  });

  it('sends a body as JSON with its content type', async () => {
    const fetchMock = mockFetch(async () => json({ id: 'b', name: 'Beta' }, 201));

    await api.post('/api/clients', { name: 'Beta' });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"Beta"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it("names this tab on every write, not on reads (the live stream's echo is dropped by it)", async () => {
    const fetchMock = mockFetch(async () => json({}));

    await api.get('/api/clients');
    await api.patch('/api/cells', []);

    const headers = (call: number) => fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>;
    expect(headers(0)[TAB_ID_HEADER]).toBeUndefined();
    expect(headers(1)[TAB_ID_HEADER]).toBe(TAB_ID);
    expect(TAB_ID).toMatch(/^[A-Za-z0-9-]{1,64}$/);
  });

  it('returns undefined for an empty 204 answer', async () => {
    mockFetch(async () => new Response(null, { status: 204 }));

    await expect(api.delete('/api/clients/x')).resolves.toBeUndefined();
  });

  it.each([
    [400, 'validation', 'Le nom est obligatoire.', [{ path: 'name', message: 'Le nom est obligatoire.' }]],
    [404, 'not_found', 'Client introuvable.', undefined],
    [409, 'conflict', 'Un client porte déjà ce nom.', undefined],
  ] as const)(
    'turns a %i error body into an ApiError with its code and French message',
    async (status, code, message, issues) => {
      mockFetch(async () => json({ error: { code, message, ...(issues ? { issues } : {}) } }, status));

      const error = await caught(apiRequest('/api/clients', { method: 'POST', body: { name: '' } }));

      expect(error).toMatchObject({ status, code, message, issues: issues ?? [], cells: [] });
    },
  );

  it('keeps the cells a refused undo lists (409 conflict)', async () => {
    const cells = [{ lineId: 'l1', month: 2, field: 'reel', current: 12.5, expected: 10 }];
    const message = "Impossible d'annuler : une cellule a été modifiée depuis.";
    mockFetch(async () => json({ error: { code: 'conflict', message, cells } }, 409));

    const error = await caught(apiRequest('/api/history/7/undo', { method: 'POST' }));

    expect(error).toMatchObject({ status: 409, code: 'conflict', message, cells });
  });

  it('gives a generic French message when an error answer is not the API error shape', async () => {
    mockFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await caught(api.get('/api/clients'));

    expect(error).toMatchObject({
      status: 502,
      code: 'unexpected',
      message: 'Erreur inattendue du serveur (HTTP 502).',
    });
  });

  it('reports an unreadable 2xx answer instead of returning garbage', async () => {
    mockFetch(async () => new Response('not json', { status: 200 }));

    const error = await caught(api.get('/api/clients'));

    expect(error).toMatchObject({ status: 200, code: 'unexpected' });
  });

  it('turns a network failure into status 0 and "Serveur injoignable."', async () => {
    mockFetch(async () => {
      throw new TypeError('Failed to fetch');
    });

    const error = await caught(api.get('/api/health'));

    expect(error).toMatchObject({ status: 0, code: 'network', message: 'Serveur injoignable.' });
  });

  it('rethrows an abort as is, so query cancellation is not reported as an error', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    mockFetch(async () => {
      throw abort;
    });

    await expect(api.get('/api/clients', controller.signal)).rejects.toBe(abort);
  });
});

describe('apiUpload', () => {
  it('POSTs the bytes as they are, as a write of this tab, reports the progress and returns the JSON answer', async () => {
    const sent = installFakeXhr(() => ({ status: 200, body: { lines: 3 }, progress: [0.5, 1] }));
    const progress: number[] = [];

    const answer = await apiUpload('/api/accounting/fec/preview?year=2026', new Uint8Array([1, 2, 3]), (share) =>
      progress.push(share),
    );

    expect(answer).toEqual({ lines: 3 });
    expect(progress).toEqual([0.5, 1]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.path).toBe('/api/accounting/fec/preview?year=2026');
    expect([...sent[0]!.body]).toEqual([1, 2, 3]);
    expect(sent[0]!.headers).toMatchObject({ 'Content-Type': 'application/octet-stream', [TAB_ID_HEADER]: TAB_ID });
  });

  it("rejects with the server's French message and code (400 invalid_file, 413)", async () => {
    const message = 'Ligne 57 : montant illisible dans Debit (« 12,3,4 »)';
    installFakeXhr(() => ({ status: 400, body: { error: { code: 'invalid_file', message } } }));
    const error = await caught(apiUpload('/api/x', new Uint8Array()));
    expect([error.status, error.code, error.message]).toEqual([400, 'invalid_file', message]);
  });

  it('turns a network failure into status 0 and "Serveur injoignable."', async () => {
    installFakeXhr(() => 'network');
    const error = await caught(apiUpload('/api/x', new Uint8Array()));
    expect([error.status, error.message]).toEqual([0, 'Serveur injoignable.']);
  });
});

describe('onUnauthorized', () => {
  it('tells its listeners about a 401, and only until they unsubscribe', async () => {
    mockFetch(async () => json({ error: { code: 'unauthorized', message: 'Connexion requise.' } }, 401));
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);

    const error = await caught(api.get('/api/clients'));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'Connexion requise.' });
    expect(listener).toHaveBeenCalledTimes(1);

    mockFetch(async () => json({ error: { code: 'not_found', message: 'Inconnu.' } }, 404));
    await caught(api.get('/api/clients'));
    unsubscribe();
    mockFetch(async () => json({ error: { code: 'unauthorized', message: 'Connexion requise.' } }, 401));
    await caught(api.get('/api/clients'));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
