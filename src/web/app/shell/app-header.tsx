import { lazy, Suspense } from 'react';
import { useSession } from '@/web/features/auth/api/get-session';
import { cn } from '@/web/lib/cn';
import { Logo } from '@/web/components/brand/logo';
import { MAIN_TABS, type MainTab } from './main-tabs';
import { LiveStatus } from './live-status';
import { YearSelect } from './year-select';
import { useIsAdmin } from '@/web/lib/access';
import { Link } from '../navigation';
import type { NotificationItem } from '@/domain/answers';
import { selectBudgetClient } from '@/web/features/budget/clients/hooks/use-selected-client-id';
import { selectYear } from '@/web/hooks/use-year';
import { requestCellFocus } from '@/web/lib/cell-focus-request';

// Accounts mode only: loaded on demand so the one-person local tool's first bundle stays small.
const UserMenu = lazy(() => import('@/web/features/auth/components/user-menu').then((m) => ({ default: m.UserMenu })));
// Accounts mode only too: without accounts nobody else can mention or answer the one user.
const NotificationBell = lazy(() =>
  import('@/web/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

/**
 * A notification opens its client-year on its cell (docs/product.md#notifications): the exercice,
 * the client (as the dashboards' drill-down does), the budget tab, then the cell and its thread.
 */
function openNotification(n: NotificationItem, onTabChange: (tab: MainTab) => void) {
  selectYear(n.year);
  // An agency's alert (a month not closed, no accounting import: docs/product.md#alerts) has no
  // client: the dashboard lists it.
  if (n.clientId === null) return onTabChange('dashboard');
  selectBudgetClient(n.clientId);
  onTabChange('budget');
  requestCellFocus({
    clientId: n.clientId,
    year: n.year,
    lineId: n.lineId,
    month: n.month,
    field: n.field,
    commentId: n.commentId,
  });
}

type AppHeaderProps = {
  activeTab: MainTab;
  onTabChange: (tab: MainTab) => void;
};

/** Product name and logo, the navigation of docs/product.md#header (its admin tab to admins only) and, beside it, the exercice. */
export function AppHeader({ activeTab, onTabChange }: AppHeaderProps) {
  const isAccountsMode = useSession().data?.mode === 'accounts';
  const isAdmin = useIsAdmin();
  return (
    <header className="sticky top-0 z-30 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="mx-auto flex w-full max-w-[160rem] flex-wrap items-center justify-between gap-x-8 gap-y-3 px-6 py-3">
        <div className="flex items-center gap-3">
          <Logo />
          <span className="text-lg font-semibold tracking-tight text-foreground">Budget &amp; Marges</span>
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <nav aria-label="Navigation principale">
            <ul className="flex items-center gap-1 rounded-lg border bg-muted p-1">
              {MAIN_TABS.filter((tab) => isAdmin || !tab.isAdminOnly).map(({ id, label, icon: Icon }) => {
                const isActive = id === activeTab;
                return (
                  <li key={id}>
                    <button
                      type="button"
                      aria-pressed={isActive}
                      onClick={() => onTabChange(id)}
                      className={cn(
                        'inline-flex h-8 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors',
                        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        isActive
                          ? 'bg-card text-foreground shadow-sm ring-1 ring-border'
                          : 'text-muted-foreground hover:bg-card/60 hover:text-foreground',
                      )}
                    >
                      <Icon className={cn('size-4', isActive ? 'text-primary' : undefined)} aria-hidden="true" />
                      {label}
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          <YearSelect />
          <LiveStatus />
        </div>

        {isAccountsMode && isAdmin && (
          <Link to="/utilisateurs" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Utilisateurs
          </Link>
        )}
        {isAccountsMode && (
          <Suspense fallback={null}>
            <div className="flex items-center gap-2">
              <NotificationBell onOpen={(n) => openNotification(n, onTabChange)} />
              <UserMenu />
            </div>
          </Suspense>
        )}
      </div>
    </header>
  );
}
