/**
 * The app's routes (docs/product.md#routes): the main screen at `/` (its tabs are state, not URLs), the admins'
 * 'Utilisateurs' page at `/utilisateurs` (docs/product.md#roles) and a 404 page for every other path. A few lines over the History API instead of a router library: the
 * budget tab's first bundle must stay small (ADR 013), and two routes need no more.
 */
import { lazy } from 'react';
import { usePathname } from './navigation';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';

// Admins only, rarely: loaded on demand (ADR 013).
const UsersRoute = lazy(() => import('./routes/users').then((m) => ({ default: m.UsersRoute })));

export function AppRoutes() {
  const pathname = usePathname();
  if (pathname === '/utilisateurs') return <UsersRoute />;
  return pathname === '/' ? <HomePage /> : <NotFoundPage pathname={pathname} />;
}
