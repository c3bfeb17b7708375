import { useLocation, useSearchParams } from 'react-router';
import { isFinisher } from '#shared/domain/roles.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { useUser } from '#client/lib/auth.js';
import { OwnerDashboard } from '#client/features/dashboard/owner-dashboard.js';
import { DashboardTabs } from '#client/features/dashboard/dashboard-tabs.js';
import { FinisherDashboard } from '#client/features/dashboard/finisher-dashboard.js';
import { InvitationsCard } from '#client/features/invitations/invitations-card.js';
import { SavedSearchesCard } from '#client/features/saved-searches/saved-searches-card.js';
import { MessagesView } from '#client/features/conversations/messages-view.js';

export default function DashboardPage() {
  const { user } = useUser();
  const isMessagesTab = useSearchParams()[0].get('tab') === 'messages';
  // Registration brings a newcomer here: they are welcomed, not welcomed back.
  const isNewcomer = (useLocation().state as { welcome?: string } | null)?.welcome === 'new';
  if (!user) return <PageSpinner label="Loading your account" />;
  const finisher = isFinisher(user.role);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
      <p className="mt-2 mb-8 text-muted-foreground">
        {isNewcomer ? `Welcome to Finishline, ${user.username}.` : `Welcome back, ${user.username}.`}{' '}
        {finisher ? 'Find projects to finish and track your applications.' : 'Manage your projects and the bids on them.'}
      </p>
      <DashboardTabs current={isMessagesTab ? 'messages' : 'overview'} />
      {isMessagesTab ? (
        <MessagesView />
      ) : finisher ? (
        <FinisherDashboard user={user} invitations={<InvitationsCard userId={user.id} />} savedSearches={<SavedSearchesCard userId={user.id} />} />
      ) : (
        <OwnerDashboard user={user} />
      )}
    </div>
  );
}
