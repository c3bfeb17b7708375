import { FlaskConical } from 'lucide-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '#client/components/ui/spinner.js';

/**
 * The frame of the sandbox provider's hosted pages. They stand in for the provider's own site,
 * so they sit outside the app's header and footer, under an unmistakable test-mode banner.
 */
export function SandboxLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <div role="note" className="flex items-center justify-center gap-2 bg-amber-400 px-4 py-2 text-center text-sm font-semibold text-amber-950">
        <FlaskConical aria-hidden="true" className="size-4" />
        Finishline Sandbox — test mode, no real money moves
      </div>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** A dead end on a hosted page: an unknown or expired session or link. */
export function SandboxNotice({ title, text, action }: { title: string; text: string; action?: { href: string; label: string } }) {
  return (
    <div role="alert" className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{text}</p>
      {action ? (
        <a href={action.href} className="mt-6 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
          {action.label}
        </a>
      ) : null}
    </div>
  );
}
