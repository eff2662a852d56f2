import { AccessGate } from '../features/auth/components/access-gate';
import { ViewAsBanner } from '../features/users/components/view-as-banner';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProviders>
      <AccessGate>
        <ViewAsBanner />
        <AppRoutes />
      </AccessGate>
    </AppProviders>
  );
}
