import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AccessGate } from '../features/auth/components/access-gate';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <AccessGate>
        <RouterProvider router={router} />
      </AccessGate>
    </AppProviders>
  );
}
