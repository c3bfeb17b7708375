import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { isFinisher } from '#shared/domain/roles.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.js';
import { EmailVerificationStatus } from '#client/features/account/email-verification-status.js';
import { SecurityTab } from '#client/features/account/security-tab.js';
import { EmailPreferencesCard } from '#client/features/email/email-preferences.js';
import { PaymentSettings } from '#client/features/payments/payment-settings.js';
import { useFinisherStats } from '#client/features/finishers/api.js';
import { useUser } from '#client/lib/auth.js';
import { signInPath } from '#client/lib/return-path.js';
import { ProfileDetails } from '#client/features/profile/profile-details.js';
import { ProfileEditForm } from '#client/features/profile/profile-edit-form.js';
import { ProfileHeader } from '#client/features/profile/profile-header.js';
import { SkillsTab } from '#client/features/profile/skills-tab.js';

function initialTab(requested: string | null, finisher: boolean): string {
  if (requested === 'security') return 'security';
  return finisher && requested === 'skills' ? 'skills' : 'profile';
}

/** The own profile (spec section 2): header, the Profile and Security tabs for everyone and the Skills tab for finishers. */
export default function ProfilePage() {
  const { user, isLoading } = useUser();
  const location = useLocation();
  const [isEditing, setIsEditing] = useState(false);
  const [searchParams] = useSearchParams();
  // A finisher's public record, as their public profile shows it (the stats of /developers/{username}).
  const stats = useFinisherStats(user?.username ?? '', isFinisher(user?.role));

  if (isLoading) return <PageSpinner label="Loading your profile" />;
  // Spec section 2: this page sends a visitor to /login (which then goes on to /auth).
  if (!user) return <Navigate to={signInPath(location, '/login')} replace />;

  const finisher = isFinisher(user.role);
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <ProfileHeader user={user} dealRecord={stats.data?.dealRecord} />
      {/* ?tab=skills opens the Skills tab, where Payment Settings live (for links back from payout onboarding); ?tab=security the Security tab. */}
      <Tabs defaultValue={initialTab(searchParams.get('tab'), finisher)}>
        <TabsList>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          {finisher ? <TabsTrigger value="skills">Skills</TabsTrigger> : null}
          <TabsTrigger value="security">Security</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <Card>
            <CardHeader>
              <CardTitle>{isEditing ? 'Edit Profile' : 'Profile Information'}</CardTitle>
              <CardDescription>{isEditing ? 'Update your details and avatar.' : 'How you appear to others on Finishline.'}</CardDescription>
            </CardHeader>
            <CardContent>
              {isEditing ? (
                <ProfileEditForm user={user} showRates={finisher} onDone={() => setIsEditing(false)} />
              ) : (
                <ProfileDetails user={user} showRates={finisher} onEdit={() => setIsEditing(true)} emailStatus={<EmailVerificationStatus user={user} />} />
              )}
            </CardContent>
          </Card>
        </TabsContent>
        {finisher ? (
          <TabsContent value="skills">
            <SkillsTab user={user} paymentSettings={<PaymentSettings />} />
          </TabsContent>
        ) : null}
        <TabsContent value="security" className="grid gap-6">
          <SecurityTab />
          <EmailPreferencesCard userId={user.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
