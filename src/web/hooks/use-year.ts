/**
 * The selected budget year (exercice, docs/product.md#budget-years): the header's 'Exercice'
 * select sets it, every tab, total and export reads it. One value for the page, remembered in
 * this browser so a reload reopens the same year; until one is chosen, the fiscal year holding today
 * (the calendar year in a database that never set the fiscal year).
 */
import { useSyncExternalStore } from 'react';
import { currentYear, isYear } from '@/domain/years';

const STORAGE_KEY = 'budget-marges.year';
const listeners = new Set<() => void>();
/** The choice when the browser refuses storage (private mode): kept for this page only. */
let unstored: number | null = null;
/** The year shown until one is chosen: the fiscal year holding today, once the setting is read (setDefaultYear). */
let defaultYear: number | null = null;
const fallback = () => defaultYear ?? currentYear();

/** The stored year, or the current calendar year when none (or a year out of range) is stored. */
export function readYear(): number {
  let text: string | null;
  try {
    text = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return unstored ?? fallback();
  }
  const year = text === null ? Number.NaN : Number(text);
  return isYear(year) ? year : fallback();
}

/**
 * The year to show until one is chosen (docs/product.md#fiscal-years: the fiscal year holding
 * today); the app shell sets it once the agency's setting is read. Not remembered.
 */
export function setDefaultYear(year: number): void {
  if (!isYear(year) || year === defaultYear) return;
  defaultYear = year;
  listeners.forEach((listener) => listener());
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
  const year = useSyncExternalStore(subscribe, readYear, fallback);
  return [year, selectYear];
}
