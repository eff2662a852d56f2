/**
 * The selected budget year (exercice, docs/product.md#budget-years): the header's 'Exercice'
 * select sets it, every tab, total and export reads it. One value for the page, remembered in
 * this browser so a reload reopens the same year; the current calendar year until one is chosen.
 */
import { useSyncExternalStore } from 'react';
import { currentYear, isYear } from '@/domain/years';

const STORAGE_KEY = 'budget-marges.year';
const listeners = new Set<() => void>();
/** The choice when the browser refuses storage (private mode): kept for this page only. */
let unstored: number | null = null;

/** The stored year, or the current calendar year when none (or a year out of range) is stored. */
export function readYear(): number {
  let text: string | null;
  try {
    text = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return unstored ?? currentYear();
  }
  const year = text === null ? Number.NaN : Number(text);
  return isYear(year) ? year : currentYear();
}

/** Selects `year` everywhere on the page and remembers it; a year out of range is ignored. */
export function selectYear(year: number): void {
  if (!isYear(year)) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, String(year));
  } catch {
    unstored = year;
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The selected year, re-rendering when it changes, and the function that changes it. */
export function useYear(): [number, (year: number) => void] {
  const year = useSyncExternalStore(subscribe, readYear, () => currentYear());
  return [year, selectYear];
}
