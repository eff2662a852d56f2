/**
 * The app's two routes (SPEC §2): the main screen at `/` (its tabs are state, not URLs) and a 404
 * page for every other path. A few lines over the History API instead of a router library: the
 * budget tab's first bundle must stay small (ADR 013), and two routes need no more.
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';

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
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={handleClick} {...props} />;
}

export function AppRoutes() {
  const pathname = usePathname();
  return pathname === '/' ? <HomePage /> : <NotFoundPage pathname={pathname} />;
}
