import { useEffect } from 'react';
import { Link } from '../navigation';
import { buttonVariants } from '@/web/components/ui/button';
import { Logo } from '@/web/components/brand/logo';

/** docs/product.md#routes: any route other than `/`. The texts are the spec's, in English as written there. */
export function NotFoundPage({ pathname }: { pathname: string }) {
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <Logo className="size-10" />
      <div className="space-y-2">
        <h1 className="text-5xl font-bold tracking-tight text-foreground">404</h1>
        <p className="text-lg text-muted-foreground">Oops! Page not found</p>
      </div>
      <Link to="/" className={buttonVariants()}>
        Return to Home
      </Link>
    </main>
  );
}
