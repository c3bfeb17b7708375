import { AtSign, Briefcase, Clock, DollarSign, FolderGit2, Globe, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DeveloperProfile } from '#shared/contracts/finishers.js';
import { dollarsToCents, formatMoney } from '#shared/domain/money.js';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar.js';
import { Badge } from '#client/components/ui/badge.js';
import { Card, CardContent } from '#client/components/ui/card.js';
import { initialsOf } from '#client/lib/utils.js';
import { bioOrDefault, formatYears } from './finisher-format.js';

/**
 * Who the finisher is: avatar, name, bio, location, rate and links; then `badges`, their record's
 * badges and facts (the trust feature's, composed by the page).
 */
export function FinisherProfileHeader({ finisher, badges }: { finisher: DeveloperProfile; badges?: ReactNode }) {
  const links = [
    { label: 'Website', href: finisher.website, icon: Globe },
    { label: 'GitHub', href: finisher.githubUrl, icon: FolderGit2 },
    { label: 'LinkedIn', href: finisher.linkedinUrl, icon: Briefcase },
    { label: 'Twitter', href: finisher.twitterUrl, icon: AtSign },
  ].filter((link): link is typeof link & { href: string } => Boolean(link.href));

  return (
    <Card>
      <CardContent className="flex flex-col gap-6 sm:flex-row">
        <Avatar className="size-24">
          {finisher.avatarUrl ? <AvatarImage src={finisher.avatarUrl} alt={`${finisher.username}'s avatar`} /> : null}
          <AvatarFallback className="text-3xl">{initialsOf(finisher.username)}</AvatarFallback>
        </Avatar>
        <div className="grid min-w-0 flex-1 content-start gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-3xl font-bold tracking-tight">{finisher.username}</h1>
            <Badge variant="secondary">Developer</Badge>
            {finisher.onboardingComplete ? <Badge variant="success">Available now</Badge> : null}
          </div>
          <p className="whitespace-pre-line text-muted-foreground">{bioOrDefault(finisher.bio)}</p>
          <ul className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-muted-foreground">
            {finisher.location ? (
              <li className="flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-4" /> {finisher.location}
              </li>
            ) : null}
            {/* The hourly rate is a profile figure in whole dollars, not a ledger amount in cents (decision 026). */}
            {finisher.hourlyRate !== null ? (
              <li className="flex items-center gap-1.5">
                <DollarSign aria-hidden="true" className="size-4" /> {formatMoney(dollarsToCents(finisher.hourlyRate))}/hr
              </li>
            ) : null}
            {finisher.yearsOfExperience !== null ? (
              <li className="flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4" /> {formatYears(finisher.yearsOfExperience)}
              </li>
            ) : null}
          </ul>
          {links.length > 0 ? (
            <ul aria-label="Links" className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm">
              {links.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
                  >
                    <link.icon aria-hidden="true" className="size-4" />
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {badges}
        </div>
      </CardContent>
    </Card>
  );
}
