/**
 * A stand-in for XMLHttpRequest (jsdom's would try the network), for the raw uploads of
 * `apiUpload`: each request sent is recorded and answered by `respond`, after upload progress
 * events when the answer says so.
 */
import { vi } from 'vitest';

export interface FakeUpload {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

export type FakeAnswer = { status: number; body: unknown; progress?: number[] } | 'network';

/** Installs the fake; `respond` answers each request (it may be async: the request waits). */
export function installFakeXhr(respond: (request: FakeUpload) => FakeAnswer | Promise<FakeAnswer>) {
  const sent: FakeUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private request: FakeUpload = { method: '', path: '', headers: {}, body: new Uint8Array() };

    open(method: string, path: string) {
      this.request = { ...this.request, method, path };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send(body: Uint8Array) {
      this.request.body = body;
      sent.push(this.request);
      void Promise.resolve(respond(this.request)).then((answer) => {
        if (answer === 'network') return this.onerror?.();
        for (const share of answer.progress ?? []) {
          this.upload.onprogress?.({ lengthComputable: true, loaded: share * 100, total: 100 });
        }
        this.status = answer.status;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
