import { Component, type ReactNode } from 'react';
import { Button } from './button';

type ErrorBoundaryProps = { children: ReactNode };
type ErrorBoundaryState = { error: Error | null };

/**
 * A view that throws while rendering (a total beyond what can be added to the cent — money.ts's
 * CentsOverflowError — or a fault of ours) shows why in French, in place, with a way to try again;
 * without it React unmounts the whole page and leaves it blank. The header and the other tabs
 * stay usable. Class component: React has no hook for this.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-2xl space-y-3 rounded-lg border border-destructive/40 bg-card p-6">
        <p className="font-medium">Cette vue n'a pas pu s'afficher.</p>
        <p className="text-sm text-muted-foreground">{error.message}</p>
        <Button variant="outline" onClick={() => this.setState({ error: null })}>
          Réessayer
        </Button>
      </div>
    );
  }
}
