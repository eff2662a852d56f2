import { useLayoutEffect, useRef, type RefObject } from 'react';

/** A ref always holding the latest value (set after render): for callbacks that must not change identity. */
export function useLatestRef<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}
