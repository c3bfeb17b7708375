import type { ReactNode } from 'react';

/** The frame of the site's own short pages (About, Contact, FAQ): a heading, a lead and sections. */
export function SitePage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-12 sm:px-6">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{title}</h1>
        <p className="text-muted-foreground">{lead}</p>
      </header>
      {children}
    </div>
  );
}

/** One titled part of a site page. */
export function SiteSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="grid gap-2 text-muted-foreground">{children}</div>
    </section>
  );
}
