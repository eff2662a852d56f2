import { CalendarDays } from 'lucide-react';
import { currentYear, yearsToOffer } from '@/domain/years';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { useYear } from '@/web/hooks/use-year';
import { useYears } from '@/web/lib/get-years';

/**
 * The header's 'Exercice' select (docs/product.md#budget-years): the years that hold data, the current year and the
 * next (and the selected one, should it be none of these); every tab and export follows it.
 */
export function YearSelect() {
  const [year, setYear] = useYear();
  // Until GET /api/years answers (or if it fails), the current and next years are offered.
  const stored = useYears().data?.map((y) => y.year) ?? [];
  const years = yearsToOffer([...stored, year], currentYear());
  return (
    <div className="flex items-center gap-2">
      <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
      <span className="text-sm font-medium text-muted-foreground" aria-hidden="true">
        Exercice
      </span>
      <Select value={String(year)} onValueChange={(value) => setYear(Number(value))}>
        <SelectTrigger aria-label="Exercice" className="h-9 w-24 font-semibold">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {years.map((y) => (
            <SelectItem key={y} value={String(y)}>
              {y}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
