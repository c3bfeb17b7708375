import { type ComponentType, isValidElement, lazy } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { lazyComponent } from '#client/lib/lazy-component.js';
import { RootLayout } from '#client/app/layout/root-layout.js';
import { RequireAuth } from './require-auth.js';
import { HomePage } from '#client/app/routes/home.js';

// Every page but the home page loads on demand, so the first visit downloads only what it shows
// (docs/decisions/018-performance-budgets.md; bench/bundle-size.ts checks it).

const preloaders = new WeakMap<object, () => Promise<unknown>>();

/** A lazily loaded page whose chunk preloadPage can also fetch ahead of its first render. */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const page = lazy(load);
  preloaders.set(page, load);
  return page;
}

const AuthPage = lazyPage(() => import('#client/app/routes/auth.js'));
const ForgotPasswordPage = lazyPage(() => import('#client/app/routes/forgot-password.js'));
const ResetPasswordPage = lazyPage(() => import('#client/app/routes/reset-password.js'));
const VerifyEmailPage = lazyPage(() => import('#client/app/routes/verify-email.js'));
const EmailUnsubscribePage = lazyPage(() => import('#client/app/routes/email-unsubscribe.js'));
const LoginRedirectPage = lazyPage(() => import('#client/app/routes/login.js'));
const RegisterRedirectPage = lazyPage(() => import('#client/app/routes/register.js'));
const NotFoundPage = lazyPage(() => import('#client/app/routes/not-found.js'));
const AboutPage = lazyPage(() => import('#client/app/routes/about.js'));
const ContactPage = lazyPage(() => import('#client/app/routes/contact.js'));
const FaqPage = lazyPage(() => import('#client/app/routes/faq.js'));
const BrowseProjectsPage = lazyPage(() => import('#client/app/routes/projects.js'));
const ProjectDetailPage = lazyPage(() => import('#client/app/routes/project-detail.js'));
const DashboardPage = lazyPage(() => import('#client/app/routes/dashboard.js'));
const SubmitProjectPage = lazyPage(() => import('#client/app/routes/submit-project.js'));
const MyProjectsPage = lazyPage(() => import('#client/app/routes/my-projects.js'));
const ProfilePage = lazyPage(() => import('#client/app/routes/profile.js'));
const PaymentPage = lazyPage(() => import('#client/app/routes/payment.js'));
const CheckoutPage = lazyPage(() => import('#client/app/routes/checkout.js'));
const OnboardingRedirectPage = lazyPage(() => import('#client/app/routes/onboarding-redirect.js'));
const MessagesPage = lazyPage(() => import('#client/app/routes/messages.js'));
const NotificationsPage = lazyPage(() => import('#client/app/routes/notifications.js'));
const DocumentsPage = lazyPage(() => import('#client/app/routes/documents.js'));
const DocumentPage = lazyPage(() => import('#client/app/routes/document.js'));
const EarningsPage = lazyPage(() => import('#client/app/routes/earnings.js'));
const TestNotificationsPage = lazyPage(() => import('#client/app/routes/test-notifications.js'));
const ChatPage = lazyPage(() => import('#client/app/routes/chat.js'));
const DevelopersPage = lazyPage(() => import('#client/app/routes/developers.js'));
const DeveloperProfilePage = lazyPage(() => import('#client/app/routes/developer-profile.js'));
const OwnerProfilePage = lazyPage(() => import('#client/app/routes/owner-profile.js'));
const BadgesPage = lazyPage(() => import('#client/app/routes/badges.js'));
const DisputePage = lazyPage(() => import('#client/app/routes/dispute.js'));
const OperatorDisputesPage = lazyPage(() => import('#client/app/routes/operator-disputes.js'));
const SandboxCheckoutPage = lazyPage(() => import('#client/app/routes/sandbox-checkout.js'));
const SandboxOnboardingPage = lazyPage(() => import('#client/app/routes/sandbox-onboarding.js'));
const SandboxGitPage = lazyPage(() => import('#client/app/routes/sandbox-git.js'));
const SandboxLayout = lazyComponent(() => import('#client/features/payments/sandbox/sandbox-layout.js'), 'SandboxLayout');

/** The route table of spec section 2. */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      // The link of the confirmation mail: the token is the proof, so no sign-in (decision 036).
      { path: '/verify-email', element: <VerifyEmailPage /> },
      // The footer link of every deal mail: the signed token is the credential, no sign-in.
      { path: '/email/unsubscribe', element: <EmailUnsubscribePage /> },
      { path: '/login', element: <LoginRedirectPage /> },
      { path: '/register', element: <RegisterRedirectPage /> },
      { path: '/projects/:id', element: <ProjectDetailPage /> },
      { path: '/developers', element: <DevelopersPage /> },
      // The footer's pages (issue 28, item 16).
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/faq', element: <FaqPage /> },
      { path: '/developers/:username', element: <DeveloperProfilePage /> },
      // Trust from facts (issue 30, item 7): a client's public profile, and every badge's rule.
      { path: '/owners/:id', element: <OwnerProfilePage /> },
      { path: '/badges', element: <BadgesPage /> },
      { path: '/payment/bid/:bidId', element: <PaymentPage /> },
      // The spec does not show /checkout's declaration; it is linked from the Accepted tab, so it stays public like /payment.
      { path: '/checkout/:bidId', element: <CheckoutPage /> },
      { path: '/chat/:bidId', element: <ChatPage /> },
      // Protected, but the page sends a visitor to /login itself (spec section 2), not to /auth.
      { path: '/onboarding-redirect', element: <OnboardingRedirectPage /> },
      // Protected too, but spec section 2 sends a visitor from /profile to /login; the page does that itself.
      { path: '/profile', element: <ProfilePage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/projects', element: <BrowseProjectsPage /> },
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/submit-project', element: <SubmitProjectPage /> },
          { path: '/submit', element: <SubmitProjectPage /> },
          { path: '/my-projects', element: <MyProjectsPage /> },
          { path: '/messages', element: <MessagesPage /> },
          { path: '/notifications', element: <NotificationsPage /> },
          // Receipts and payout statements (issue 31): the person's own, linked from the payment mail.
          { path: '/documents', element: <DocumentsPage /> },
          // One document, linked from the mail announcing its money: a visitor signs in and comes back here.
          { path: '/documents/:id', element: <DocumentPage /> },
          // A person's own money from the ledger (issue 31, item 4): one page, worded by the role the server answers.
          { path: '/earnings', element: <EarningsPage /> },
          { path: '/spending', element: <EarningsPage /> },
          { path: '/test-notifications', element: <TestNotificationsPage /> },
          // Disputes over held money (issue 15): the two parties and operators; the queue is operators' only.
          { path: '/disputes/:id', element: <DisputePage /> },
          { path: '/operator/disputes', element: <OperatorDisputesPage /> },
          // The built-in git host's repositories and tokens (issue 29): a Finishline page, not a provider's hosted one.
          { path: '/sandbox/git', element: <SandboxGitPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // The sandbox payment provider's hosted pages, in place of Stripe's when no key is configured.
  {
    element: <SandboxLayout />,
    children: [
      { path: '/sandbox/checkout/:sessionId', element: <SandboxCheckoutPage /> },
      { path: '/sandbox/onboarding/:token', element: <SandboxOnboardingPage /> },
    ],
  },
];

/**
 * The page for the current location. Declarative routing (BrowserRouter + useRoutes) rather than a
 * data router: the app loads its data with React Query, not route loaders, and the data router
 * would add about 16 KB gzip to the first load (docs/decisions/018-performance-budgets.md).
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Starts downloading the chunk of the page at `pathname` at once rather than when the page first
 * renders: a protected page renders only once the current user has loaded, and its chunk would
 * otherwise wait for that answer. The chunk is still fetched once: React.lazy's own import() later
 * gets the same module from the browser's module map.
 */
export function preloadPage(pathname: string) {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const preload = isValidElement(route.element) ? preloaders.get(route.element.type as object) : undefined;
    void preload?.();
  }
}
