import { type ComponentType, isValidElement, lazy } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { lazyComponent } from '@/lib/lazy-component';
import { RootLayout } from './layout/root-layout';
import { RequireAuth } from './require-auth';
import { HomePage } from './routes/home';

// Every page but the home page loads on demand, so the first visit downloads only what it shows
// (docs/decisions/018-performance-budgets.md; bench/bundle-size.ts checks it).

const preloaders = new WeakMap<object, () => Promise<unknown>>();

/** A lazily loaded page whose chunk preloadPage can also fetch ahead of its first render. */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const page = lazy(load);
  preloaders.set(page, load);
  return page;
}

const AuthPage = lazyPage(() => import('./routes/auth'));
const ForgotPasswordPage = lazyPage(() => import('./routes/forgot-password'));
const ResetPasswordPage = lazyPage(() => import('./routes/reset-password'));
const LoginRedirectPage = lazyPage(() => import('./routes/login'));
const RegisterRedirectPage = lazyPage(() => import('./routes/register'));
const NotFoundPage = lazyPage(() => import('./routes/not-found'));
const BrowseProjectsPage = lazyPage(() => import('./routes/projects'));
const ProjectDetailPage = lazyPage(() => import('./routes/project-detail'));
const DashboardPage = lazyPage(() => import('./routes/dashboard'));
const SubmitProjectPage = lazyPage(() => import('./routes/submit-project'));
const MyProjectsPage = lazyPage(() => import('./routes/my-projects'));
const ProfilePage = lazyPage(() => import('./routes/profile'));
const PaymentPage = lazyPage(() => import('./routes/payment'));
const CheckoutPage = lazyPage(() => import('./routes/checkout'));
const OnboardingRedirectPage = lazyPage(() => import('./routes/onboarding-redirect'));
const MessagesPage = lazyPage(() => import('./routes/messages'));
const NotificationsPage = lazyPage(() => import('./routes/notifications'));
const TestNotificationsPage = lazyPage(() => import('./routes/test-notifications'));
const ChatPage = lazyPage(() => import('./routes/chat'));
const DevelopersPage = lazyPage(() => import('./routes/developers'));
const DeveloperProfilePage = lazyPage(() => import('./routes/developer-profile'));
const SandboxCheckoutPage = lazyPage(() => import('./routes/sandbox-checkout'));
const SandboxOnboardingPage = lazyPage(() => import('./routes/sandbox-onboarding'));
const SandboxLayout = lazyComponent(() => import('@/features/payments/sandbox/sandbox-layout'), 'SandboxLayout');

/** The route table of spec section 2. */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/login', element: <LoginRedirectPage /> },
      { path: '/register', element: <RegisterRedirectPage /> },
      { path: '/projects/:id', element: <ProjectDetailPage /> },
      { path: '/developers', element: <DevelopersPage /> },
      { path: '/developers/:username', element: <DeveloperProfilePage /> },
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
          { path: '/test-notifications', element: <TestNotificationsPage /> },
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
