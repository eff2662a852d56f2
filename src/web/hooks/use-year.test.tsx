import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentYear } from '@/domain/years';
import { selectYear, useYear } from './use-year';

const STORAGE_KEY = 'budget-marges.year';

afterEach(() => vi.restoreAllMocks());

function YearLabel({ name }: { name: string }) {
  const [year] = useYear();
  return <p>{`${name} : ${year}`}</p>;
}

describe('useYear', () => {
  it('is the current calendar year until one is chosen', () => {
    const { result } = renderHook(() => useYear());
    expect(result.current[0]).toBe(currentYear());
  });

  it.each([['1999'], ['2101'], ['abc'], ['2026.5'], ['']])(
    'reads a stored %j (out of range, not a year) as the current year',
    (stored) => {
      window.localStorage.setItem(STORAGE_KEY, stored);
      const { result } = renderHook(() => useYear());
      expect(result.current[0]).toBe(currentYear());
    },
  );

  it('changes every reader at once, and is remembered across a reload', () => {
    const { unmount } = render(
      <>
        <YearLabel name="En-tête" />
        <YearLabel name="Onglet" />
      </>,
    );
    act(() => selectYear(2031));

    expect(screen.getByText('En-tête : 2031')).toBeVisible();
    expect(screen.getByText('Onglet : 2031')).toBeVisible();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe('2031');

    unmount(); // as a reload: a fresh page reads what was stored
    const { result } = renderHook(() => useYear());
    expect(result.current[0]).toBe(2031);
  });

  it('ignores a year out of range', () => {
    const { result } = renderHook(() => useYear());
    act(() => result.current[1](2027));
    act(() => result.current[1](1999));
    expect(result.current[0]).toBe(2027);
  });

  it('still switches for this page when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('refusé', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refusé', 'SecurityError');
    });
    const { result } = renderHook(() => useYear());
    expect(result.current[0]).toBe(currentYear());

    act(() => result.current[1](2040));
    expect(result.current[0]).toBe(2040);
  });
});
