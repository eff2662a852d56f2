import type { ReactNode } from 'react';
import { Logo } from '@/web/components/brand/logo';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';

type AuthCardPageProps = { title: string; description: string; children: ReactNode; footer?: ReactNode };

/** A whole page of one card under the product's name: sign-in, and a temporary password's change. */
export function AuthCardPage({ title, description, children, footer }: AuthCardPageProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-background px-4 py-12">
      <div className="flex items-center gap-3">
        <Logo className="size-10" />
        <span className="text-2xl font-semibold tracking-tight text-foreground">Budget &amp; Marges</span>
      </div>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <h1 className="text-lg font-semibold leading-none tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      {footer}
    </div>
  );
}
