import { Navigate, useSearchParams } from 'react-router';
import { Card, CardContent } from '#client/components/ui/card.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.js';
import { AuthMarketingPanel } from '#client/features/auth/auth-marketing-panel.js';
import { LoginForm } from '#client/features/auth/login-form.js';
import { RegisterForm } from '#client/features/auth/register-form.js';
import { useUser } from '#client/lib/auth.js';
import { safeReturnPath } from '#client/lib/return-path.js';

type Tab = 'login' | 'register';

export default function AuthPage() {
  const { user, isLoading } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'register' ? 'register' : 'login';

  if (isLoading) return <PageSpinner label="Loading your account" />;
  // The page a visitor was sent here from comes first (issue 28, item 16); else whoever just
  // registered is welcomed on the dashboard, not welcomed back.
  const next = safeReturnPath(searchParams.get('next'));
  if (user) return <Navigate to={next ?? '/dashboard'} replace state={!next && tab === 'register' ? { welcome: 'new' } : undefined} />;

  const selectTab = (value: string) => setSearchParams({ ...(value === 'register' ? { tab: 'register' } : {}), ...(next ? { next } : {}) }, { replace: true });

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:py-16">
      <div className="mx-auto w-full max-w-md">
        <h1 className="text-3xl font-bold tracking-tight">{tab === 'login' ? 'Welcome back' : 'Create your account'}</h1>
        <p className="mt-2 text-muted-foreground">
          {tab === 'login' ? 'Log in to manage your projects and bids.' : 'Join Finishline to post projects or bid on them.'}
        </p>
        <Card className="mt-8">
          <CardContent>
            <Tabs value={tab} onValueChange={selectTab}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="login">Login</TabsTrigger>
                <TabsTrigger value="register">Register</TabsTrigger>
              </TabsList>
              <TabsContent value="login" className="pt-2">
                <LoginForm />
              </TabsContent>
              <TabsContent value="register" className="pt-2">
                <RegisterForm />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
      <AuthMarketingPanel />
    </div>
  );
}
