import { AccessGate } from '../features/auth/components/access-gate';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProviders>
      <AccessGate>
        <AppRoutes />
      </AccessGate>
    </AppProviders>
  );
}
