/** The 'Dashboard Pôles' tab, loaded lazily. A shell for now: the pole and line views come in their own issues. */
export function PolesDashboardTab() {
  return (
    <section aria-labelledby="poles-dashboard-title">
      <h1 id="poles-dashboard-title" className="text-2xl font-semibold tracking-tight">
        Dashboard Pôles d&apos;Expertise
      </h1>
    </section>
  );
}
