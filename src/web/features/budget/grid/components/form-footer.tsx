/** The end of a grid dialog's form: why it is refused (when it is), 'Annuler' and the submit button. */
import { Button } from '@/web/components/ui/button';
import { DialogClose, DialogFooter } from '@/web/components/ui/dialog';

type FormFooterProps = { error: string | null; submit: string; disabled?: boolean };

export function FormFooter({ error, submit, disabled }: FormFooterProps) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Annuler
          </Button>
        </DialogClose>
        <Button type="submit" disabled={disabled}>
          {submit}
        </Button>
      </DialogFooter>
    </>
  );
}
