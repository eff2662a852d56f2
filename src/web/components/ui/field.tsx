import { useId, type ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';
import { Input } from './input';

type FieldProps = ComponentProps<'input'> & {
  label: string;
  /** A help text under the input. */
  hint?: string;
  /** Why the value is refused, in French: shown under the input in red (instead of the hint), and the input marked invalid. */
  issue?: string;
};

/** A labelled text input in the product's style: the label is its accessible name, the hint or the issue its description. */
export function Field({ label, hint, issue, id: givenId, ...props }: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const note = issue ?? hint;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <Input
        id={id}
        aria-invalid={issue === undefined ? undefined : true}
        aria-describedby={note ? `${id}-note` : undefined}
        {...props}
      />
      {note && (
        <p
          id={`${id}-note`}
          className={cn('text-xs', issue === undefined ? 'text-muted-foreground' : 'text-destructive')}
        >
          {note}
        </p>
      )}
    </div>
  );
}
