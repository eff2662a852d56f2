import { LayoutDashboard, Layers, Sheet, type LucideIcon } from 'lucide-react';

/** docs/product.md#main-tabs: the three tabs of the main screen, in header order; navigation is state, not URL. */
export const MAIN_TABS = [
  { id: 'budget', label: 'Saisie Budgétaire', icon: Sheet },
  { id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { id: 'poles', label: 'Dashboard Pôles', icon: Layers },
] as const satisfies readonly { id: string; label: string; icon: LucideIcon }[];

export type MainTab = (typeof MAIN_TABS)[number]['id'];

export const DEFAULT_MAIN_TAB: MainTab = 'budget';
