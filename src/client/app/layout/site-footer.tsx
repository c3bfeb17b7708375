import { Link } from 'react-router';
import { Logo } from './logo.js';

const columns = [
  {
    title: 'Platform',
    links: [
      { to: '/submit', label: 'Submit a Project' },
      { to: '/projects', label: 'Browse Projects' },
      { to: '/#how-it-works', label: 'How It Works' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/contact', label: 'Contact' },
      { to: '/faq', label: 'FAQ' },
    ],
  },
];

// Each link leads to a page (issue 28, item 16); the social icons, which led nowhere, are gone
// until the company has accounts to link.

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="space-y-4">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">The marketplace for finishing half-built software: post your project, compare bids, ship it.</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-4 space-y-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted-foreground sm:px-6">
          © {/* The year the browser reads may be the next one on New Year's Eve: the server's stays. */}
          <span suppressHydrationWarning>{new Date().getFullYear()}</span> Finishline. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
