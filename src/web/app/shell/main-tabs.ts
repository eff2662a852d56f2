import { Archive, Calculator, LayoutDashboard, Layers, Sheet, type LucideIcon } from 'lucide-react';

/**
 * docs/product.md#main-tabs: the tabs of the main screen, in header order; navigation is state, not
 * URL. 'Clôture' (its page 'Clôture et sauvegardes', docs/product.md#closing-and-backups-page) holds the month closing, the
 * backups and the fiscal year, away from the grid. 'Comptabilité' (docs/product.md#actuals-from-the-accounting)
 * shows to admins only.
 */
export const MAIN_TABS = [
  { id: 'budget', label: 'Saisie Budgétaire', icon: Sheet, isAdminOnly: false },
  { id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard, isAdminOnly: false },
  { id: 'poles', label: 'Dashboard Pôles', icon: Layers, isAdminOnly: false },
  { id: 'closing', label: 'Clôture', icon: Archive, isAdminOnly: false },
  { id: 'accounting', label: 'Comptabilité', icon: Calculator, isAdminOnly: true },
] as const satisfies readonly { id: string; label: string; icon: LucideIcon; isAdminOnly: boolean }[];

export type MainTab = (typeof MAIN_TABS)[number]['id'];

export const DEFAULT_MAIN_TAB: MainTab = 'budget';
