/**
 * Navigation inside the app over the History API (no router library: ADR 013). Apart from the
 * route table (router.tsx), so a page can link without importing the router that imports it.
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The current path, re-rendering on navigation (ours or the browser's back/forward). */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** Goes to `to` inside the app, without reloading the page. */
export function navigate(to: string) {
  window.history.pushState(null, '', to);
  listeners.forEach((listener) => listener());
}

/** A link that navigates inside the app; modified clicks (new tab…) keep the browser's behaviour. */
export function Link({ to, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={handleClick} {...props} />;
}
