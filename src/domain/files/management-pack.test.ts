import { describe, expect, it } from 'vitest';
import { monthNames } from '../fiscal-year';
import { SEPTEMBER_YEAR } from '../testing/builders';
import { twoClientDashboard } from '../testing/dashboard-fixture';
import { managementPack } from './management-pack';

const SELECTION = { label: 'Tous les clients', slug: 'tous-clients' };
const NOW = new Date(2025, 10, 5);

describe('management pack: cut-off and month axis (docs/product.md#management-pack, #fiscal-years)', () => {
  it('calendar year: « arrêté à fin Février », the axis « janv. » … « déc. »', () => {
    const pack = managementPack(twoClientDashboard().dashboard, SELECTION, 2025, NOW);
    expect(pack.cutoff).toBe('arrêté à fin Février');
    expect([pack.monthLabels[0], pack.monthLabels[11]]).toEqual(['janv.', 'déc.']);
    expect(pack.evolution[0]!.month).toBe('Janvier');
  });

  it('September year: the months in fiscal order with their calendar year', () => {
    const { dashboard } = twoClientDashboard(monthNames(SEPTEMBER_YEAR, 2026));
    const pack = managementPack(dashboard, SELECTION, 2026, NOW, SEPTEMBER_YEAR);
    expect(pack.cutoff).toBe('arrêté à fin Octobre 2025');
    expect([pack.monthLabels[0], pack.monthLabels[11]]).toEqual(['sept. 2025', 'août 2026']);
    expect(pack.evolution.map((m) => m.month).slice(0, 2)).toEqual(['Septembre 2025', 'Octobre 2025']);
  });
});
