import type { Client } from '@/domain';
import { AttributesSection } from './attributes-section';
import { ForecastSection } from './forecast-section';

/**
 * 'Fiche du client' (docs/product.md#client-card): the selected client's margin forecasts and its
 * manager, sector and status. Shown under the grid, which comes first (docs/product.md#budget-tab).
 */
export function ClientFileCard({ year, client }: { year: number; client: Client }) {
  return (
    <section
      aria-labelledby="client-file-title"
      className="flex flex-col gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-xs"
    >
      <h2 id="client-file-title" className="text-base font-semibold leading-none tracking-tight">
        Fiche du client
      </h2>
      <ForecastSection key={`${year}:${client.id}`} year={year} client={client} />
      <AttributesSection key={`attributes:${client.id}`} year={year} client={client} />
    </section>
  );
}
