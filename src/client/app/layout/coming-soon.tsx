import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';

/** The placeholder of a page that a later issue builds: its spec heading and a short note. */
export function ComingSoon({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {subtitle ? <p className="mt-2 text-muted-foreground">{subtitle}</p> : null}
      <div className="mt-10 flex flex-col items-center gap-3 rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center">
        <Hammer aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">This page is coming soon.</p>
        <p className="max-w-md text-sm text-muted-foreground">We're putting the finishing touches on it. Check back shortly.</p>
        {children}
      </div>
    </div>
  );
}
