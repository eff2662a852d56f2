/** Who is asking: the address the rate limits count failures against. */
import type { Context } from 'hono';
import { isLoopbackHost } from '../env';

/**
 * The client's address: the socket's, or — only when the socket is a proxy named in TRUST_PROXY —
 * the last X-Forwarded-For hop (the one that proxy appended; earlier hops are the client's word).
 * Without TRUST_PROXY the header is ignored: any local process could otherwise pick its address.
 */
export function clientIp(c: Context, trustProxy: readonly string[] = []): string {
  const env: unknown = c.env;
  const socket = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  const address = socket?.remoteAddress ?? 'unknown';
  const forwarded = c.req.header('x-forwarded-for');
  if (forwarded && isTrustedProxy(address, trustProxy)) return forwarded.split(',').at(-1)!.trim() || address;
  return address;
}

/** `loopback` stands for 127.0.0.0/8 and ::1; any other entry is an exact address. */
function isTrustedProxy(address: string, trustProxy: readonly string[]): boolean {
  const plain = address.replace(/^::ffff:/, '');
  return trustProxy.some((p) => (p === 'loopback' ? isLoopbackHost(plain) && plain !== 'localhost' : p === plain));
}
