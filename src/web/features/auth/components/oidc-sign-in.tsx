import { OIDC_BUTTON, OIDC_REFUSALS, type OidcRefusal } from '@/domain/sign-in';
import { buttonVariants } from '@/web/components/ui/button';

/**
 * The agency's account (docs/product.md#sign-in-oidc): a plain link, since the server answers with
 * the provider's redirect; the French of a refused sign-in it sent the browser back with.
 */
export function OidcSignIn({ refusal, alone }: { refusal: OidcRefusal | null; alone: boolean }) {
  return (
    <div className="flex flex-col gap-4">
      {refusal && (
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {OIDC_REFUSALS[refusal]}
        </p>
      )}
      {!alone && <p className="text-center text-xs text-muted-foreground">ou</p>}
      <a href="/api/auth/oidc/start" className={buttonVariants({ variant: alone ? 'default' : 'outline' })}>
        {OIDC_BUTTON}
      </a>
    </div>
  );
}
