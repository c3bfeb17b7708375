import type { ReactNode } from 'react';
import { Card, CardContent } from '#client/components/ui/card.js';

/** The narrow, centred layout of the forgot-password and reset-password pages. */
export function AccountPageShell({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:px-6 lg:py-16">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">{description}</p>
      <Card className="mt-8">
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
