/** The 'Dashboard' tab, loaded lazily (its charts are heavy). A shell for now: KPIs and charts come in their own issues. */
export function DashboardTab() {
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-semibold tracking-tight">
        Dashboard
      </h1>
    </section>
  );
}
