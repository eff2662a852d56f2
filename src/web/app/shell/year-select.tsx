import { useEffect, useState } from 'react';
import { CalendarDays } from 'lucide-react';
import { fiscalYearOf, isCalendarYear, yearSpan } from '@/domain/fiscal-year';
import { yearsToOffer } from '@/domain/years';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { setDefaultYear, useYear } from '@/web/hooks/use-year';
import { useFiscalSettings } from '@/web/lib/use-fiscal-year';
import { useYears } from '@/web/lib/get-years';
import { PastYearDialog } from './past-year-dialog';

/** The select's value of 'Ouvrir un exercice passé…': not a year, it opens the dialog. */
const PAST_YEAR = 'past';

/**
 * The header's 'Exercice' select (docs/product.md#budget-years): the years that hold data, the current year and the
 * next (and the selected one, should it be none of these), then 'Ouvrir un exercice passé…' (any
 * year from 2000); every tab and export follows it.
 */
export function YearSelect() {
  const [year, setYear] = useYear();
  const [isAskingPast, setIsAskingPast] = useState(false);
  // docs/product.md#fiscal-years: the current year is the fiscal year holding today.
  const fiscal = useFiscalSettings();
  const current = fiscalYearOf(fiscal, new Date());
  useEffect(() => setDefaultYear(current), [current]);
  // Until GET /api/years answers (or if it fails), the current and next years are offered.
  const stored = useYears().data?.map((y) => y.year) ?? [];
  const years = yearsToOffer([...stored, year], current);
  return (
    <div className="flex items-center gap-2">
      <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
      <span className="text-sm font-medium text-muted-foreground" aria-hidden="true">
        Exercice
      </span>
      <Select
        value={String(year)}
        onValueChange={(value) => (value === PAST_YEAR ? setIsAskingPast(true) : setYear(Number(value)))}
      >
        <SelectTrigger aria-label="Exercice" className="h-9 w-24 font-semibold">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {years.map((y) => (
            <SelectItem key={y} value={String(y)}>
              {y}
            </SelectItem>
          ))}
          <SelectItem value={PAST_YEAR} className="border-t text-muted-foreground">
            Ouvrir un exercice passé…
          </SelectItem>
        </SelectContent>
      </Select>
      {!isCalendarYear(fiscal) && <span className="text-xs text-muted-foreground">{yearSpan(fiscal, year)}</span>}
      {isAskingPast && (
        <PastYearDialog
          current={current}
          onClose={() => setIsAskingPast(false)}
          onOpen={(past) => {
            setYear(past);
            setIsAskingPast(false);
          }}
        />
      )}
    </div>
  );
}
