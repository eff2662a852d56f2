import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';

/** SPEC §2: one screen at `/` (its tabs are state, not URLs); every other path is a 404. */
export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '*', element: <NotFoundPage /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
