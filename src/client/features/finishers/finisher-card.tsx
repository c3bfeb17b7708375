import { BadgeCheck, Briefcase, Clock, DollarSign, MapPin, Star } from 'lucide-react';
import { Link } from 'react-router';
import type { DeveloperListItem } from '#shared/contracts/finishers.js';
import { Avatar, AvatarFallback, AvatarImage } from '#client/components/ui/avatar.js';
import { Badge } from '#client/components/ui/badge.js';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardFooter, CardHeader } from '#client/components/ui/card.js';
import { languageLabel } from '#client/lib/language-options.js';
import { dollarsToCents, formatMoney } from '#shared/domain/money.js';
import { initialsOf } from '#client/lib/utils.js';
import { bioOrDefault, formatCompleted, formatRating, formatYears } from './finisher-format.js';

/** Spec section 9: directory cards show the first 3 skills. */
const CARD_SKILLS = 3;

/** A directory card (spec section 2, Developer directory). */
export function FinisherCard({ finisher }: { finisher: DeveloperListItem }) {
  const shownSkills = finisher.skills.slice(0, CARD_SKILLS);
  const moreSkills = finisher.skills.length - shownSkills.length;
  const headingId = `developer-${finisher.id}-name`;
  return (
    <Card role="article" aria-labelledby={headingId} className="h-full">
      <CardHeader className="flex-row items-center gap-3">
        <Avatar className="size-12">
          {finisher.avatarUrl ? <AvatarImage src={finisher.avatarUrl} alt="" /> : null}
          <AvatarFallback className="text-sm">{initialsOf(finisher.username)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-lg leading-tight font-semibold">
            {finisher.username}
          </h2>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {/* What it means, in its words (issue 28, item 10; decision 049): the payment provider set up the
                developer's payout account, so paid work reaches them. It verifies nothing else. */}
            {finisher.onboardingComplete ? (
              <Badge variant="success" title="Payout account set up with the payment provider">
                <BadgeCheck aria-hidden="true" /> Payouts set up
              </Badge>
            ) : null}
            <Badge variant="secondary">Developer</Badge>
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        {/* The record the directory sorts by (issue 30, item 4): rating, hourly rate, completed projects. */}
        <ul aria-label="Record" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <li className="flex items-center gap-1.5">
            <Star aria-hidden="true" className="size-4 text-amber-500" /> {formatRating(finisher.averageRating, finisher.reviewCount)}
          </li>
          {finisher.hourlyRate !== null ? (
            <li className="flex items-center gap-1.5">
              <DollarSign aria-hidden="true" className="size-4" /> {formatMoney(dollarsToCents(finisher.hourlyRate))}/hr
            </li>
          ) : null}
          <li className="flex items-center gap-1.5">
            <Briefcase aria-hidden="true" className="size-4" /> {formatCompleted(finisher.completedProjects)}
          </li>
        </ul>
        <p className="line-clamp-3 text-sm text-muted-foreground">{bioOrDefault(finisher.bio)}</p>
        {finisher.location || finisher.yearsOfExperience !== null ? (
          <ul className="grid gap-1 text-sm text-muted-foreground">
            {finisher.location ? (
              <li className="flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-4" /> {finisher.location}
              </li>
            ) : null}
            {finisher.yearsOfExperience !== null ? (
              <li className="flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4" /> {formatYears(finisher.yearsOfExperience)}
              </li>
            ) : null}
          </ul>
        ) : null}
        {shownSkills.length > 0 ? (
          <ul aria-label="Skills" className="flex flex-wrap gap-1.5">
            {shownSkills.map((skill) => (
              <li key={skill}>
                <Badge variant="outline">{languageLabel(skill)}</Badge>
              </li>
            ))}
            {moreSkills > 0 ? (
              <li>
                <Badge variant="muted">+{moreSkills} more</Badge>
              </li>
            ) : null}
          </ul>
        ) : null}
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" className="w-full">
          <Link to={`/developers/${encodeURIComponent(finisher.username)}`} aria-label={`View Profile of ${finisher.username}`}>
            View Profile
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
