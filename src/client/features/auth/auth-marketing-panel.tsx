import { CircleCheck, Quote } from 'lucide-react';

const highlights = ['Developers bid with timelines and pricing', 'Pay securely once you choose a developer', 'Chat with each developer about their bid'];

/** The sign-in page's marketing side (spec section 1): a headline and a testimonial from a named person. */
export function AuthMarketingPanel() {
  return (
    <aside
      aria-label="Why Finishline"
      className="relative hidden overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-700 via-indigo-600 to-violet-700 p-10 text-white lg:flex lg:flex-col lg:justify-between"
    >
      <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-2xl" />
      <div className="relative space-y-6">
        <h2 className="text-3xl leading-tight font-bold tracking-tight text-balance">Don't leave your dream project on 'read'</h2>
        <p className="max-w-md text-indigo-100">
          That side project stuck at 80%? Post it on Finishline and let experienced developers bid to take it over the line.
        </p>
        <ul className="space-y-3">
          {highlights.map((item) => (
            <li key={item} className="flex items-center gap-3 text-sm text-indigo-50">
              <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-300" />
              {item}
            </li>
          ))}
        </ul>
      </div>
      <figure className="relative mt-10 rounded-xl bg-white/10 p-6 backdrop-blur-sm">
        <Quote aria-hidden="true" className="mb-3 size-6 text-indigo-200" />
        <blockquote className="text-sm leading-relaxed">
          "My booking app sat half-finished for a year. Two days after posting it I had four bids, and three weeks later it was live in the App Store."
        </blockquote>
        <figcaption className="mt-4 flex items-center gap-3">
          <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-white/20 text-sm font-semibold">
            AR
          </span>
          <span className="text-sm">
            <span className="block font-semibold">Amara Reyes</span>
            <span className="text-indigo-200">Founder, Tidewater Studio</span>
          </span>
        </figcaption>
      </figure>
    </aside>
  );
}
