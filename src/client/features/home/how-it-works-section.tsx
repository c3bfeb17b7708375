import { FileUp, Handshake, Rocket } from '#client/components/ui/first-load-icons.js';

const steps = [
  {
    icon: FileUp,
    title: 'Submit Your Project',
    text: 'Describe your half-built project, list its tech stack and share the code repository.',
  },
  {
    icon: Handshake,
    title: 'Receive Developer Bids',
    text: 'Developers bid to finish it, each with a timeline and pricing, and you can chat with them about their bid.',
  },
  {
    icon: Rocket,
    title: 'Get Your Project Shipped',
    text: 'Choose a developer, pay securely, and review the finished work before you accept it.',
  },
];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="how-it-works-heading" className="text-3xl font-bold tracking-tight">
          How It Works
        </h2>
        <p className="mt-3 text-muted-foreground">From a stalled repository to a shipped product in three steps.</p>
      </div>
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="relative rounded-xl border bg-card p-6 shadow-xs">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <step.icon aria-hidden="true" className="size-5" />
              </span>
              <span className="text-sm font-semibold text-muted-foreground">Step {index + 1}</span>
            </div>
            <h3 className="mt-5 text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
