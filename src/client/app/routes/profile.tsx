import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { isFinisher } from '../../../shared/domain/roles.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SecurityTab } from '@/features/account/security-tab';
import { useUser } from '@/features/auth/use-user';
import { ProfileDetails } from '@/features/profile/profile-details';
import { ProfileEditForm } from '@/features/profile/profile-edit-form';
import { ProfileHeader } from '@/features/profile/profile-header';
import { SkillsTab } from '@/features/profile/skills-tab';

function initialTab(requested: string | null, finisher: boolean): string {
  if (requested === 'security') return 'security';
  return finisher && requested === 'skills' ? 'skills' : 'profile';
}

/** The own profile (spec section 2): header, the Profile and Security tabs for everyone and the Skills tab for finishers. */
export default function ProfilePage() {
  const { user, isLoading } = useUser();
  const [isEditing, setIsEditing] = useState(false);
  const [searchParams] = useSearchParams();

  if (isLoading) return <PageSpinner label="Loading your profile" />;
  // Spec section 2: this page sends a visitor to /login (which then goes on to /auth).
  if (!user) return <Navigate to="/login" replace />;

  const finisher = isFinisher(user.role);
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6">
      <ProfileHeader user={user} />
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
                <ProfileDetails user={user} showRates={finisher} onEdit={() => setIsEditing(true)} />
              )}
            </CardContent>
          </Card>
        </TabsContent>
        {finisher ? (
          <TabsContent value="skills">
            <SkillsTab user={user} />
          </TabsContent>
        ) : null}
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
