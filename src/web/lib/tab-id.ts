/**
 * This tab's id (docs/product.md#live-browser): made once per page load, sent as `X-Tab-Id` on
 * every write and in the presence beats; the live stream's events carry it back as `origin`, so
 * the tab drops the echo of its own changes. `crypto.randomUUID` needs a secure context (HTTPS or
 * a loopback address); a plain-HTTP address falls back to random digits, unique enough among a
 * team's open tabs.
 */
function makeTabId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const random = () => Math.random().toString(36).slice(2, 10);
  return `tab-${random()}-${random()}-${Date.now().toString(36)}`;
}

export const TAB_ID = makeTabId();

/** The request header naming the tab (the server accepts `[A-Za-z0-9-]{1,64}`). */
export { TAB_ID_HEADER } from '@/domain/live';
