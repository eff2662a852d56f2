/**
 * What the rows do with driver lines (docs/product.md#driver-lines): open 'Calculer cette ligne…',
 * make a line typed again ('Saisir cette ligne'), and name a computed cell's sources in its tooltip.
 */
import { useCallback, useMemo, useState, type RefObject } from 'react';
import { driverDescription, type Line, type LineDriverWire, type Pole } from '@/domain';
import { ApiError } from '@/web/lib/api-client';
import { useSetDriver } from '../../api/client-budget';
import { FAILURE, notifyFailure } from '../../lib/failure-messages';

export function useDriverActions(year: number, poles: RefObject<readonly Pole[]>) {
  const setDriver = useSetDriver(year);
  const { mutate, mutateAsync } = setDriver;
  /** The line whose 'Calculer cette ligne…' dialog is open. */
  const [driving, setDriving] = useState<Line | null>(null);
  const rowActions = useMemo(
    () => ({
      onAskDriver: (line: Line) => setDriving(line),
      onRemoveDriver: (line: Line) =>
        mutate({ lineId: line.id, driver: null }, { onError: (error) => notifyFailure(FAILURE.setDriver, error) }),
      describeDriver: (line: Line) => (line.driver ? driverDescription(poles.current, line.id, line.driver) : null),
    }),
    [mutate, poles],
  );
  /** Stores the dialog's driver; the server's French refusal, or null. */
  const submit = useCallback(
    async (lineId: string, driver: LineDriverWire): Promise<string | null> => {
      try {
        await mutateAsync({ lineId, driver });
        return null;
      } catch (error) {
        return error instanceof ApiError && error.message !== '' ? error.message : FAILURE.setDriver;
      }
    },
    [mutateAsync],
  );
  return { driving, close: () => setDriving(null), rowActions, submit };
}
