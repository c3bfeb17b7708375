import { Badge } from '#client/components/ui/badge.js';
import { languageLabel } from '#client/lib/language-options.js';

/** Spec section 9: the public profile shows 5 skills, then '+n more'. */
const PROFILE_SKILLS = 5;

export function FinisherSkills({ skills }: { skills: readonly string[] }) {
  if (skills.length === 0) return <p className="text-sm text-muted-foreground">No skills listed yet</p>;
  const shown = skills.slice(0, PROFILE_SKILLS);
  const more = skills.length - shown.length;
  return (
    <ul aria-label="Skills" className="flex flex-wrap gap-2">
      {shown.map((skill) => (
        <li key={skill}>
          <Badge variant="outline" className="px-2.5 py-1 text-sm">
            {languageLabel(skill)}
          </Badge>
        </li>
      ))}
      {more > 0 ? (
        <li>
          <Badge variant="muted" className="px-2.5 py-1 text-sm" title={skills.slice(PROFILE_SKILLS).map(languageLabel).join(', ')}>
            +{more} more
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
