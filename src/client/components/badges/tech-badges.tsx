import { Badge } from '#client/components/ui/badge.js';
import { cn } from '#client/lib/utils.js';

export function TechBadges({ techStack, className }: { techStack: readonly string[]; className?: string }) {
  if (techStack.length === 0) return null;
  return (
    <ul aria-label="Tech stack" className={cn('flex flex-wrap gap-1.5', className)}>
      {techStack.map((tech) => (
        <li key={tech}>
          <Badge variant="secondary">{tech}</Badge>
        </li>
      ))}
    </ul>
  );
}
