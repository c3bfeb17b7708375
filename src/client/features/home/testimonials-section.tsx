import { Star } from 'lucide-react';
import { Avatar, AvatarFallback } from '#client/components/ui/avatar.js';
import { initialsOf } from '#client/lib/utils.js';

const testimonials = [
  {
    name: 'Sofia Lindqvist',
    role: 'Founder, Fernleaf',
    quote: 'I had a half-built marketplace gathering dust. Within a week I had three solid bids and the app shipped a month later.',
  },
  {
    name: 'Marcus Okafor',
    role: 'Freelance developer',
    quote: 'Picking up projects that are already 70% done is the best kind of work: clear scope, motivated clients, and I get paid fast.',
  },
  {
    name: 'Hannah Cho',
    role: 'Product designer',
    quote: 'Comparing bids side by side, with timelines and prices, made choosing a developer easy. Paying securely gave me peace of mind.',
  },
];

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <h2 id="testimonials-heading" className="text-center text-3xl font-bold tracking-tight">
        What Our Users Say
      </h2>
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {testimonials.map((entry) => (
          <figure key={entry.name} className="flex flex-col rounded-xl border bg-card p-6 shadow-xs">
            <div className="flex gap-0.5" role="img" aria-label="Rated 5 out of 5">
              {Array.from({ length: 5 }, (_, index) => (
                <Star key={index} aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
              ))}
            </div>
            <blockquote className="mt-4 flex-1 text-sm leading-relaxed">"{entry.quote}"</blockquote>
            <figcaption className="mt-6 flex items-center gap-3">
              <Avatar className="size-10">
                <AvatarFallback>{initialsOf(entry.name)}</AvatarFallback>
              </Avatar>
              <span className="text-sm">
                <span className="block font-semibold">{entry.name}</span>
                <span className="text-muted-foreground">{entry.role}</span>
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
