/**
 * The app's two routes (docs/product.md#routes): the main screen at `/` (its tabs are state, not URLs) and a 404
 * page for every other path. A few lines over the History API instead of a router library: the
 * budget tab's first bundle must stay small (ADR 013), and two routes need no more.
 */
import { usePathname } from './navigation';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';

export function AppRoutes() {
  const pathname = usePathname();
  return pathname === '/' ? <HomePage /> : <NotFoundPage pathname={pathname} />;
}
