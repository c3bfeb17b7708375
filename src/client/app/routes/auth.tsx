import { Navigate, useSearchParams } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AuthMarketingPanel } from '@/features/auth/auth-marketing-panel';
import { LoginForm } from '@/features/auth/login-form';
import { RegisterForm } from '@/features/auth/register-form';
import { useUser } from '@/features/auth/use-user';

type Tab = 'login' | 'register';

export default function AuthPage() {
  const { user, isLoading } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'register' ? 'register' : 'login';

  if (isLoading) return <PageSpinner label="Loading your account" />;
  if (user) return <Navigate to="/dashboard" replace />;

  const selectTab = (value: string) => setSearchParams(value === 'register' ? { tab: 'register' } : {}, { replace: true });

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
