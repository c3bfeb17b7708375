import type { DemoDispute } from './seed-disputes.js';
import type { DemoChangeOrder } from './seed-change-orders.js';
import type { projects } from './schema/projects.js';
import type { CriterionAnswer } from '#shared/domain/scope.js';

// The demo marketplace that `npm start` shows on an empty database (seed.ts writes it): seven people
// (one of them the operator), each reading time in their city's zone, and sixteen projects across the statuses, with bids, payments held or
// released, and two disputes.

/** Every demo account signs in with this password; the README lists the accounts. */
export const DEMO_PASSWORD = 'finishline';

export const demoUsers = [
  {
    username: 'maya',
    email: 'maya@demo.finishline.dev',
    role: 'submitter',
    bio: 'Indie founder with more side projects than weekends.',
    location: 'Lisbon, Portugal',
    timeZone: 'Europe/Lisbon',
  },
  {
    username: 'jonas',
    email: 'jonas@demo.finishline.dev',
    role: 'submitter',
    bio: 'Product manager turning prototypes into products.',
    location: 'Berlin, Germany',
    timeZone: 'Europe/Berlin',
  },
  {
    username: 'priya',
    email: 'priya@demo.finishline.dev',
    role: 'submitter',
    bio: 'Runs a small design studio.',
    location: 'Bangalore, India',
    timeZone: 'Asia/Kolkata',
  },
  // Finishline's own operator: reads disputes and rules those the parties cannot settle (issue 15).
  { username: 'ops', email: 'ops@demo.finishline.dev', role: 'operator', bio: "Finishline's operator.", location: 'Remote', timeZone: 'UTC' },
  {
    username: 'devon',
    email: 'devon@demo.finishline.dev',
    role: 'finisher',
    bio: 'Full-stack TypeScript developer. I finish what others start.',
    location: 'Toronto, Canada',
    timeZone: 'America/Toronto',
    skills: ['typescript', 'javascript', 'python', 'go'],
    languages: ['typescript', 'javascript', 'python', 'go'],
    frameworks: ['React', 'Node.js'],
    hourlyRate: 85,
    yearsOfExperience: 8,
    onboardingComplete: true,
    githubUrl: 'https://github.com/devon-demo',
    // Onboarded demo finishers hold a (sandbox) connected account, so their payouts can go out.
    stripeConnectAccountId: 'acct_sbx_demo_devon',
  },
  {
    username: 'sam',
    email: 'sam@demo.finishline.dev',
    role: 'finisher',
    bio: 'Mobile and backend developer who loves legacy code.',
    location: 'Austin, USA',
    timeZone: 'America/Chicago',
    skills: ['kotlin', 'swift', 'java'],
    languages: ['kotlin', 'swift', 'java'],
    frameworks: ['Spring', 'React Native'],
    hourlyRate: 70,
    yearsOfExperience: 5,
    onboardingComplete: false,
  },
  {
    username: 'lena',
    email: 'lena@demo.finishline.dev',
    role: 'finisher',
    bio: 'Python and data engineering; Django since 1.4.',
    location: 'Vienna, Austria',
    timeZone: 'Europe/Vienna',
    skills: ['python', 'rust', 'php', 'ruby'],
    languages: ['python', 'rust', 'php', 'ruby'],
    frameworks: ['Django', 'Flask'],
    hourlyRate: null,
    yearsOfExperience: 3,
    onboardingComplete: true,
    stripeConnectAccountId: 'acct_sbx_demo_lena',
  },
] as const;

export type DemoUsername = (typeof demoUsers)[number]['username'];
type ProjectStatus = typeof projects.$inferInsert.status;

export interface DemoProject {
  name: string;
  description: string;
  techStack: string[];
  owner: DemoUsername;
  status: ProjectStatus;
  budgetDollars: number;
  timeframe: string;
  ageDays: number;
  bids: {
    finisher: DemoUsername;
    amount: number;
    timeline: number;
    message: string;
    status?: 'pending' | 'accepted' | 'rejected' | 'paid' | 'completed' | 'declined' | 'withdrawn' | 'lapsed';
    /** Decision 037: when the owner accepted it (days before the seeding); an unpaid one stays within the payment window. */
    acceptedDaysAgo?: number;
    /** Issue 18: the bid's answer to each of the project's criteria, in their order. */
    answers?: { answer: CriterionAnswer; note?: string }[];
    shortlisted?: boolean;
    declineReason?: string;
  }[];
  /** Issue 18: what "finished" means; a deal on such a project gets its statement of work. */
  criteria?: string[];
  payment?: 'held' | 'released';
  /**
   * The deal clock's state (decision 027), in days before the seeding: when the money was held, and
   * when the work was delivered (its review window runs from there) or the owner asked to cancel
   * (the finisher's answer window runs from there).
   */
  /**
   * deliveryMessage: what the finisher wrote with the delivery (a generic one unless given);
   * acceptedDaysAgo: when the owner accepted the delivery, and the payout went out (issue 28, item 17).
   */
  deal?: { heldDaysAgo: number; deliveredDaysAgo?: number; acceptedDaysAgo?: number; cancellationDaysAgo?: number; deliveryMessage?: string };
  /**
   * After an accepted deal, the two parties' reviews of each other (issue 28, item 17). With one of
   * them missing, the other is still hidden (double-blind reviews, issue 30): it shows once the
   * second is written or 14 days after the acceptance.
   */
  reviews?: { daysAgo: number; ofFinisher?: DemoReview; ofOwner?: DemoReview };
  dispute?: DemoDispute;
  /** Issue 18, item 6: a change order on the deal, accepted (and maybe paid). */
  /** Issue 30: developers the owner invited to bid (none of them has bid yet). */
  invitedFinishers?: DemoUsername[];
  changeOrder?: DemoChangeOrder;
}

interface DemoReview {
  rating: number;
  comment: string;
}

const pitch = (what: string) => `Hi! ${what} I have shipped similar work before and can start this week.`;

export const demoProjects: DemoProject[] = [
  {
    name: 'Recipe sharing app',
    owner: 'maya',
    status: 'open',
    budgetDollars: 1500,
    timeframe: '3 weeks',
    ageDays: 1,
    description: 'A React Native recipe app with login and a feed. The feed works but image uploads, search and offline mode are missing.',
    techStack: ['React Native', 'Firebase', 'TypeScript'],
    criteria: ['Photos upload from the camera and the gallery', 'Search finds recipes by name and ingredient', 'Saved recipes open without a connection'],
    bids: [
      {
        finisher: 'devon',
        amount: 1400,
        timeline: 18,
        message: pitch('I can finish uploads, search and offline caching.'),
        answers: [{ answer: 'agree' }, { answer: 'agree' }, { answer: 'clarify', note: 'Offline covers saved recipes, not the whole feed.' }],
        shortlisted: true,
      },
      {
        finisher: 'sam',
        amount: 1600,
        timeline: 21,
        message: pitch('Mobile is my home turf; offline sync included.'),
        answers: [{ answer: 'agree' }, { answer: 'agree' }, { answer: 'agree' }],
      },
    ],
  },
  {
    name: 'Invoice generator SaaS',
    owner: 'jonas',
    status: 'open',
    budgetDollars: 3000,
    timeframe: '1 month',
    ageDays: 2,
    description: 'Invoices render as PDF and customers are stored, but recurring billing, email delivery and the dashboard charts are unfinished.',
    techStack: ['Node.js', 'PostgreSQL', 'React'],
    criteria: ['Monthly invoices are created and e-mailed on their own', 'The dashboard charts revenue per month'],
    bids: [
      {
        finisher: 'lena',
        amount: 2800,
        timeline: 25,
        message: pitch('Recurring billing and emails are a good fit for me.'),
        answers: [{ answer: 'agree' }, { answer: 'exclude', note: 'Charts are a separate job; I would quote them after billing.' }],
      },
      {
        finisher: 'sam',
        amount: 4200,
        timeline: 40,
        message: pitch('I would rebuild billing on Stripe Billing.'),
        answers: [{ answer: 'agree' }, { answer: 'agree' }],
        status: 'declined',
        declineReason: 'Over budget, and we want to keep our own billing code.',
      },
    ],
  },
  {
    name: 'Portfolio site generator',
    owner: 'priya',
    status: 'open',
    budgetDollars: 600,
    timeframe: '1 week',
    ageDays: 3,
    description: 'A static site generator for designers: markdown in, portfolio out. Themes half done, image optimisation and deploy step missing.',
    techStack: ['Next.js', 'Tailwind CSS'],
    bids: [],
  },
  {
    name: 'Fitness tracker API',
    owner: 'maya',
    status: 'active',
    budgetDollars: 2200,
    timeframe: '2 weeks',
    ageDays: 4,
    description: 'REST API for workouts and goals with auth done. Needs the statistics endpoints, rate limiting, tests and documentation.',
    techStack: ['Python', 'Flask', 'PostgreSQL'],
    bids: [{ finisher: 'devon', amount: 2000, timeline: 12, message: pitch('I would add pytest coverage and an OpenAPI spec.') }],
  },
  {
    name: 'Chat widget for support',
    owner: 'jonas',
    status: 'open',
    budgetDollars: 1200,
    timeframe: '10 days',
    ageDays: 5,
    description: 'An embeddable support chat widget. The socket server (in Go) works; the widget UI, agent inbox and message history are incomplete.',
    // Any technology can be named (issue 16): Go is not on the spec's suggestion list.
    techStack: ['WebSockets', 'Vue.js', 'Go'],
    // Devon lists Go: the owner's page suggests him, and jonas invited him yesterday (issue 30).
    invitedFinishers: ['devon'],
    bids: [],
  },
  {
    name: 'Inventory tracker for a bakery',
    owner: 'priya',
    status: 'open',
    budgetDollars: 900,
    timeframe: '2 weeks',
    ageDays: 6,
    description: 'Django app tracking flour, sugar and orders. Models and admin exist; low-stock alerts, reports and a simple mobile view are missing.',
    techStack: ['Django', 'Python', 'SQLite'],
    bids: [{ finisher: 'lena', amount: 850, timeline: 10, message: pitch('Django is what I do every day; alerts via email too.') }],
  },
  {
    name: 'Habit tracker PWA',
    owner: 'maya',
    status: 'assigned',
    budgetDollars: 800,
    timeframe: '2 weeks',
    ageDays: 9,
    description: 'Progressive web app for habits with streaks. Service worker and notifications need finishing, plus syncing between devices.',
    techStack: ['React', 'TypeScript', 'Firebase'],
    bids: [
      // Accepted two days ago and not yet paid: the deal shows the payment step, within the payment window (decision 037).
      {
        finisher: 'devon',
        amount: 750,
        timeline: 14,
        message: pitch('PWA notifications and sync are right up my street.'),
        status: 'accepted',
        acceptedDaysAgo: 2,
      },
      { finisher: 'sam', amount: 900, timeline: 15, message: pitch('I can do this with offline-first sync.'), status: 'rejected' },
    ],
  },
  {
    // Decision 037: the bid jonas accepted was not paid within the payment window, so it lapsed and the
    // project is open for bids again; the bid it had beaten is pending for another pick.
    name: 'Expense splitter for flatmates',
    owner: 'jonas',
    status: 'open',
    budgetDollars: 700,
    timeframe: '10 days',
    ageDays: 13,
    description: 'Splits rent and shared bills between flatmates. Balances work; recurring bills, reminders and settling up by bank transfer are missing.',
    techStack: ['Vue', 'Node.js', 'PostgreSQL'],
    bids: [
      { finisher: 'devon', amount: 650, timeline: 8, message: pitch('Recurring bills and reminders are quick wins.'), status: 'lapsed', acceptedDaysAgo: 11 },
      { finisher: 'sam', amount: 700, timeline: 10, message: pitch('I have built settle-up flows with bank transfers.') },
    ],
  },
  {
    name: 'Event ticketing backend',
    owner: 'jonas',
    status: 'in_progress',
    budgetDollars: 4000,
    timeframe: '1 month',
    ageDays: 14,
    description: 'Ticket sales backend with seat maps. Checkout is wired, but refunds, QR code validation and the organiser reports are open.',
    techStack: ['Java', 'Spring', 'PostgreSQL'],
    criteria: ['Tickets are paid through Stripe and e-mailed as PDFs', 'Sold-out events refuse new orders'],
    bids: [
      {
        finisher: 'sam',
        amount: 3800,
        timeline: 28,
        message: pitch('Spring and payments: I have built two ticketing systems.'),
        status: 'paid',
        answers: [{ answer: 'agree' }, { answer: 'clarify', note: 'Waiting lists are not included.' }],
      },
    ],
    payment: 'held',
    deal: { heldDaysAgo: 13 },
    // The clarified waiting lists, added by a change order the owner accepted and paid for.
    changeOrder: {
      proposedBy: 'finisher',
      description: 'Add waiting lists for sold-out events: buyers join a queue and are offered released seats first.',
      amountCents: 45_000,
      extraDays: 5,
      proposedDaysAgo: 6,
      acceptedDaysAgo: 5,
      paidDaysAgo: 5,
    },
  },
  {
    name: 'Markdown note taking app',
    owner: 'priya',
    status: 'completed',
    budgetDollars: 700,
    timeframe: '10 days',
    ageDays: 20,
    description: 'Electron note app with markdown preview. Needed full-text search, tags and export to PDF; delivery is waiting for review.',
    techStack: ['JavaScript', 'HTML/CSS'],
    bids: [
      {
        finisher: 'devon',
        amount: 650,
        timeline: 9,
        message: pitch('Search with an inverted index, tags and PDF export.'),
        status: 'paid',
        acceptedDaysAgo: 11,
      },
    ],
    payment: 'held',
    deal: { heldDaysAgo: 10, deliveredDaysAgo: 2, deliveryMessage: 'Full-text search, tags and the PDF export are in; the README shows each.' },
  },
  {
    name: 'Weather dashboard',
    owner: 'maya',
    status: 'accepted',
    budgetDollars: 500,
    timeframe: '1 week',
    ageDays: 30,
    description: 'A weather dashboard pulling from public APIs with charts. Needed caching, a location search and a dark mode; all shipped.',
    techStack: ['Svelte', 'TypeScript'],
    bids: [{ finisher: 'lena', amount: 480, timeline: 6, message: pitch('Caching and charts done cleanly.'), status: 'completed' }],
    payment: 'released',
    // The whole deal, as it happened (issue 28, item 17): paid, delivered on time, accepted, paid out, reviewed.
    deal: {
      heldDaysAgo: 29,
      deliveredDaysAgo: 25,
      acceptedDaysAgo: 24,
      deliveryMessage: 'Caching, the location search and dark mode are live; the README lists each.',
    },
    reviews: {
      daysAgo: 23,
      ofFinisher: { rating: 5, comment: 'Fast, clean work: the caching made the dashboard feel instant.' },
      ofOwner: { rating: 5, comment: 'A clear brief and quick answers in the chat.' },
    },
  },
  {
    // Issue 30: reviews are double-blind. priya reviewed lena (paid out to her payout account); her
    // review stays hidden from lena and the public until she writes hers (then both show) or 14 days
    // after the acceptance. (devon stays without a completed deal: browse.spec reads his record.)
    name: 'Bakery pre-order page',
    owner: 'priya',
    status: 'accepted',
    budgetDollars: 450,
    timeframe: '1 week',
    ageDays: 12,
    description: 'Pre-orders for a neighbourhood bakery: the menu page works; pick-up slots, order limits per day and the owner e-mail were missing.',
    techStack: ['Vue', 'Node.js'],
    bids: [{ finisher: 'lena', amount: 420, timeline: 5, message: pitch('Pick-up slots and daily limits are a tidy job.'), status: 'completed' }],
    payment: 'released',
    deal: {
      heldDaysAgo: 10,
      deliveredDaysAgo: 5,
      acceptedDaysAgo: 4,
      deliveryMessage: 'Pick-up slots, the daily limits and the order e-mail are live; the README explains the settings.',
    },
    reviews: { daysAgo: 3, ofFinisher: { rating: 5, comment: 'Thoughtful about the edge cases, and the bakery staff found it easy.' } },
  },
  {
    name: 'Podcast hosting platform',
    owner: 'jonas',
    status: 'paused',
    budgetDollars: 5000,
    timeframe: '6 weeks',
    ageDays: 12,
    description: 'Upload episodes, generate RSS feeds and show analytics. RSS works; transcoding, analytics and the player embed are missing.',
    techStack: ['Ruby on Rails', 'AWS', 'PostgreSQL'],
    bids: [],
  },
  {
    name: 'Yoga studio booking calendar',
    owner: 'maya',
    status: 'completed',
    budgetDollars: 2500,
    timeframe: '2 weeks',
    ageDays: 10,
    description:
      'Class schedule and bookings for a yoga studio. The calendar renders; waitlists, reminders and the teacher view were missing. Delivered, in review.',
    techStack: ['React', 'Node.js', 'PostgreSQL'],
    bids: [{ finisher: 'devon', amount: 2400, timeline: 12, message: pitch('Waitlists and reminder emails are a week of work.'), status: 'paid' }],
    payment: 'held',
    deal: { heldDaysAgo: 8, deliveredDaysAgo: 2 },
  },
  {
    name: 'Newsletter signup widget',
    owner: 'maya',
    status: 'cancelled',
    budgetDollars: 700,
    timeframe: '10 days',
    ageDays: 9,
    description:
      'An embeddable signup form with double opt-in. The form posts, but confirmation mails and the export never worked. Cancelled; waiting for the answer.',
    techStack: ['TypeScript', 'HTML/CSS'],
    bids: [{ finisher: 'devon', amount: 600, timeline: 10, message: pitch('Double opt-in and a CSV export, done properly.'), status: 'paid' }],
    payment: 'held',
    deal: { heldDaysAgo: 6, cancellationDaysAgo: 1 },
  },
  {
    name: 'Invoice PDF generator',
    owner: 'maya',
    status: 'completed',
    budgetDollars: 1200,
    timeframe: '2 weeks',
    ageDays: 16,
    description: 'Turns orders into branded PDF invoices with tax lines. Templates worked; totals, currencies and the email attachment were missing.',
    techStack: ['Node.js', 'TypeScript'],
    bids: [{ finisher: 'devon', amount: 1000, timeline: 10, message: pitch('Totals, currencies and mailing the PDF.'), status: 'paid' }],
    payment: 'held',
    deal: {
      heldDaysAgo: 14,
      deliveredDaysAgo: 3,
      deliveryMessage: 'Totals with tax lines, the branded templates and the PDF attached to the order mail are done; see the README.',
    },
    dispute: {
      openedDaysAgo: 2,
      openedBy: 'owner',
      reason: 'The totals are wrong for every currency but USD, and the email attachment is missing altogether.',
      offers: [
        { side: 'owner', dollars: 400, daysAgo: 2 },
        { side: 'finisher', dollars: 900, daysAgo: 1 },
      ],
      evidence: [
        { side: 'owner', statement: 'An invoice in EUR shows the USD total: the currency conversion never runs.', daysAgo: 2 },
        { side: 'finisher', statement: 'Multi-currency was not in the brief; the attachment works with SMTP set as the README says.', daysAgo: 1 },
      ],
    },
  },
  {
    name: 'Fitness class scheduler',
    owner: 'jonas',
    status: 'completed',
    budgetDollars: 1800,
    timeframe: '3 weeks',
    ageDays: 24,
    description: 'Gym class schedules with member sign-ups. The schedule existed; the sign-up limits and the trainer app were missing.',
    techStack: ['React', 'Firebase'],
    bids: [{ finisher: 'lena', amount: 1600, timeline: 14, message: pitch('Sign-up limits and a trainer view.'), status: 'paid' }],
    payment: 'held',
    deal: { heldDaysAgo: 20, deliveredDaysAgo: 12, deliveryMessage: 'Sign-up limits, waitlists and the trainer view are live in the web app, with tests.' },
    dispute: {
      openedDaysAgo: 10,
      openedBy: 'finisher',
      reason: 'Everything in the brief is delivered and tested; the client wants a native app that was never part of the bid.',
      offers: [
        { side: 'finisher', dollars: 1600, daysAgo: 10 },
        { side: 'owner', dollars: 600, daysAgo: 9 },
      ],
      evidence: [{ side: 'finisher', statement: 'The bid says web app; the native trainer app came up in chat two weeks later.', daysAgo: 9 }],
      escalatedDaysAgo: 3,
    },
  },
  {
    name: 'Crypto price alerts bot',
    owner: 'priya',
    status: 'cancelled',
    budgetDollars: 400,
    timeframe: '5 days',
    ageDays: 25,
    description: 'A Telegram bot that alerts on price moves. The idea changed and the project was cancelled before any work was assigned.',
    techStack: ['Python', 'Docker'],
    bids: [],
  },
];

/**
 * Issue 30, item 3: a developer's saved searches, and the demo projects each matched (an alert in
 * the app, and the match counted on the dashboard's list).
 */
export const demoSavedSearches: {
  finisher: DemoUsername;
  q?: string;
  tech?: string[];
  minBudgetDollars?: number;
  frequency: 'instant' | 'daily';
  matched: string[];
}[] = [
  { finisher: 'lena', q: 'chat widget', frequency: 'instant', matched: ['Chat widget for support'] },
  { finisher: 'lena', tech: ['Svelte', 'Vue.js'], minBudgetDollars: 1000, frequency: 'daily', matched: ['Chat widget for support'] },
];
