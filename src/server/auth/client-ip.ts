/** Who is asking: the address the sign-in rate limit counts failures against. */
import type { Context } from 'hono';

/** The client's address: the socket's, or the last X-Forwarded-For hop when a proxy on this machine relays. */
export function clientIp(c: Context): string {
  const env: unknown = c.env;
  const socket = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  const address = socket?.remoteAddress ?? 'unknown';
  const forwarded = c.req.header('x-forwarded-for');
  if (forwarded && /^(127\.|::1$|::ffff:127\.)/.test(address)) return forwarded.split(',').at(-1)!.trim();
  return address;
}
