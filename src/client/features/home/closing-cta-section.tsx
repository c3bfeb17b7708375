import { Link } from 'react-router';
import { isSubmitter } from '#shared/domain/roles.js';
import { Button } from '#client/components/ui/button.js';
import { useUser } from '#client/lib/auth.js';
import { useIsHydrating } from '#client/lib/use-is-hydrating.js';

function CallToActionButtons() {
  const { user, isLoading } = useUser();
  // Holding the buttons back while the user loads avoids flashing the visitor's choices at a signed-in user.
  // The prerendered home page has this placeholder too, and this section may hydrate after the user arrived.
  const isHydrating = useIsHydrating();
  if (isLoading || isHydrating) return <div aria-hidden="true" className="h-11" />;
  if (!user) {
    return (
      <>
        <Button asChild size="lg" variant="secondary">
          <Link to="/register">Sign up for free</Link>
        </Button>
        <Button asChild size="lg" variant="outline" className="border-white/40 bg-transparent text-white hover:bg-white/10 hover:text-white">
          <Link to="/projects">Browse projects</Link>
        </Button>
      </>
    );
  }
  if (isSubmitter(user.role)) {
    return (
      <Button asChild size="lg" variant="secondary">
        <Link to="/submit">Submit your project</Link>
      </Button>
    );
  }
  return (
    <Button asChild size="lg" variant="secondary">
      <Link to="/projects">Find projects to finish</Link>
    </Button>
  );
}

export function ClosingCtaSection() {
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <div className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-700 via-indigo-600 to-violet-700 px-6 py-14 text-center text-white shadow-lg sm:px-12">
        <div aria-hidden="true" className="pointer-events-none absolute -bottom-24 -left-24 size-72 rounded-full bg-white/10 blur-2xl" />
        <h2 id="cta-heading" className="relative text-3xl font-bold tracking-tight text-balance">
          Ready to cross the finish line?
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-indigo-100">
          Whether you have a project that needs finishing or the skills to finish it, there is a place for you here.
        </p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <CallToActionButtons />
        </div>
      </div>
    </section>
  );
}
