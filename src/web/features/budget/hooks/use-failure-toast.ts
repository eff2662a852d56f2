import { useEffect } from 'react';
import { notifyFailure, type FailureDescription } from '../lib/failure-messages';

/** Shows the docs/product.md#error-toasts toast once each time a query fails (its error object changes). */
export function useFailureToast(error: Error | null, description: FailureDescription): void {
  useEffect(() => {
    if (error) notifyFailure(description, error);
  }, [error, description]);
}
