/** The 'Saisie Budgétaire' tab. A shell for now: client management and the budget grid come in their own issues. */
export function BudgetTab() {
  return (
    <section aria-labelledby="budget-title">
      <h1 id="budget-title" className="text-2xl font-semibold tracking-tight">
        Saisie Budgétaire
      </h1>
    </section>
  );
}
