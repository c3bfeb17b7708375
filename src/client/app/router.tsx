import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { lazyComponent } from '@/lib/lazy-component';
import { RootLayout } from './layout/root-layout';
import { RequireAuth } from './require-auth';
import { HomePage } from './routes/home';

// Every page but the home page loads on demand, so the first visit downloads only what it shows
// (docs/decisions/018-performance-budgets.md; bench/bundle-size.ts checks it).
const AuthPage = lazy(() => import('./routes/auth'));
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password'));
const LoginRedirectPage = lazy(() => import('./routes/login'));
const RegisterRedirectPage = lazy(() => import('./routes/register'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const BrowseProjectsPage = lazy(() => import('./routes/projects'));
const ProjectDetailPage = lazy(() => import('./routes/project-detail'));
const DashboardPage = lazy(() => import('./routes/dashboard'));
const SubmitProjectPage = lazy(() => import('./routes/submit-project'));
const MyProjectsPage = lazy(() => import('./routes/my-projects'));
const ProfilePage = lazy(() => import('./routes/profile'));
const PaymentPage = lazy(() => import('./routes/payment'));
const CheckoutPage = lazy(() => import('./routes/checkout'));
const OnboardingRedirectPage = lazy(() => import('./routes/onboarding-redirect'));
const MessagesPage = lazy(() => import('./routes/messages'));
const NotificationsPage = lazy(() => import('./routes/notifications'));
const TestNotificationsPage = lazy(() => import('./routes/test-notifications'));
const ChatPage = lazy(() => import('./routes/chat'));
const DevelopersPage = lazy(() => import('./routes/developers'));
const DeveloperProfilePage = lazy(() => import('./routes/developer-profile'));
const SandboxCheckoutPage = lazy(() => import('./routes/sandbox-checkout'));
const SandboxOnboardingPage = lazy(() => import('./routes/sandbox-onboarding'));
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
