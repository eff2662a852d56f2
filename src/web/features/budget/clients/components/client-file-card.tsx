import type { Client } from '@/domain';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { AttributesSection } from './attributes-section';
import { ForecastSection } from './forecast-section';

/**
 * 'Fiche du client' (docs/product.md#client-card): the selected client's margin forecasts and its
 * manager, sector and status. Shown under the grid, which comes first (docs/product.md#budget-tab).
 */
export function ClientFileCard({ year, client }: { year: number; client: Client }) {
  return (
    <Card role="region" aria-labelledby="client-file-title">
      <CardHeader className="pb-4">
        <CardTitle id="client-file-title" className="text-base">
          Fiche du client
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ForecastSection key={`${year}:${client.id}`} year={year} client={client} />
        <AttributesSection key={`attributes:${client.id}`} year={year} client={client} />
      </CardContent>
    </Card>
  );
}
