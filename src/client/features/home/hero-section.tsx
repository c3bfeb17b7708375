import { ArrowRight, Rocket } from '#client/components/ui/first-load-icons.js';
import { Link } from 'react-router';
import { buttonVariants } from '#client/components/ui/button-variants.js';

export function HeroSection() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden border-b bg-gradient-to-b from-accent/60 via-background to-background">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-80 max-w-3xl rounded-full bg-primary/15 blur-3xl" />
      <div className="relative mx-auto flex max-w-6xl flex-col items-center px-4 py-20 text-center sm:px-6 md:py-28">
        <p className="mb-6 inline-flex items-center gap-2 rounded-full border bg-background/80 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
          <Rocket aria-hidden="true" className="size-3.5 text-primary" /> The marketplace for half-built software
        </p>
        <h1 id="hero-heading" className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl md:text-6xl">
          Your project is 80% done. <span className="text-primary">Let's finish it.</span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
          Submit a project, receive developer bids with timelines and pricing, then choose a developer and pay securely.
        </p>
        <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          {/* A button's look on a link, as <Button asChild> gives it, without Button's tailwind-merge in the first load. */}
          <Link to="/submit" data-slot="button" className={buttonVariants({ size: 'lg' })}>
            Submit a Project <ArrowRight aria-hidden="true" />
          </Link>
          <Link to="/projects" data-slot="button" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            Find Projects to Finish
          </Link>
        </div>
      </div>
    </section>
  );
}
