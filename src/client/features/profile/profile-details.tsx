import { AtSign, Briefcase, FolderGit2, Globe, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import type { User } from '#shared/contracts/users.js';
import { dollarsToCents, formatMoney } from '#shared/domain/money.js';
import { Button } from '#client/components/ui/button.js';

/** One term and its value; `wide` spans both columns (a <dl> allows one wrapping <div> per group, no more). */
function Detail({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'grid min-w-0 gap-1 sm:col-span-2' : 'grid min-w-0 gap-1'}>
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      {/* anywhere, not break-word: a grid sizes its column by the longest word, so a long address would widen a 320 px page. */}
      <dd className="min-w-0 text-sm [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function NotSet({ text = 'Not set' }: { text?: string }) {
  return <span className="text-muted-foreground italic">{text}</span>;
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-primary underline-offset-4 hover:underline">
      {children}
    </a>
  );
}

/** The Profile tab in read mode, with the spec's fallbacks (section 2, Profile page). */
export function ProfileDetails({ user, showRates, onEdit, emailStatus }: { user: User; showRates: boolean; onEdit: () => void; emailStatus?: ReactNode }) {
  const socials = [
    { label: 'GitHub', href: user.githubUrl, icon: FolderGit2 },
    { label: 'LinkedIn', href: user.linkedinUrl, icon: Briefcase },
    { label: 'Twitter', href: user.twitterUrl, icon: AtSign },
  ].filter((social): social is typeof social & { href: string } => Boolean(social.href));

  return (
    <div className="grid gap-6">
      <dl className="grid gap-5 sm:grid-cols-2">
        <Detail term="Username">{user.username || <NotSet />}</Detail>
        <Detail term="Email">
          {user.email || <NotSet />}
          {emailStatus}
        </Detail>
        <Detail term="Bio" wide>
          {user.bio ? <span className="whitespace-pre-line">{user.bio}</span> : <NotSet text="No bio added yet" />}
        </Detail>
        <Detail term="Location">{user.location || <NotSet text="Not specified" />}</Detail>
        <Detail term="Website">
          {user.website ? (
            <ExternalLink href={user.website}>
              <Globe aria-hidden="true" className="size-4" />
              {user.website}
            </ExternalLink>
          ) : (
            <NotSet />
          )}
        </Detail>
        {showRates ? (
          <>
            {/* The hourly rate is a profile figure in whole dollars, not a ledger amount in cents (decision 026). */}
            <Detail term="Hourly Rate">{user.hourlyRate === null ? <NotSet /> : `${formatMoney(dollarsToCents(user.hourlyRate))}/hr`}</Detail>
            <Detail term="Years of Experience">{user.yearsOfExperience === null ? <NotSet /> : user.yearsOfExperience}</Detail>
          </>
        ) : null}
        <Detail term="Social Profiles" wide>
          {socials.length === 0 ? (
            <NotSet text="No social profiles added yet" />
          ) : (
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {socials.map((social) => (
                <li key={social.label}>
                  <ExternalLink href={social.href}>
                    <social.icon aria-hidden="true" className="size-4" />
                    {social.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          )}
        </Detail>
      </dl>
      <div>
        <Button type="button" onClick={onEdit}>
          <Pencil aria-hidden="true" /> Edit Profile
        </Button>
      </div>
    </div>
  );
}
