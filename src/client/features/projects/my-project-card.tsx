import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.js';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.js';

interface MyProjectCardProps {
  projectId: number;
  name: string;
  description: string;
  badge: ReactNode;
  /** 'View Details' for a project, 'View Project' for a bid (spec section 2). */
  linkLabel: 'View Details' | 'View Project';
  children?: ReactNode;
}

/** A My Projects card: name, status badge, description clamped to two lines, and its link. */
export function MyProjectCard({ projectId, name, description, badge, linkLabel, children }: MyProjectCardProps) {
  return (
    <Card className="h-full gap-4" role="article" aria-label={name}>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle className="line-clamp-2">{name}</CardTitle>
          {badge}
        </div>
      </CardHeader>
      <CardContent className="flex-1 space-y-3">
        <p className="line-clamp-2 text-sm text-muted-foreground">{description}</p>
        {children}
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" className="w-full">
          <Link to={`/projects/${projectId}`}>
            {linkLabel} <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

interface EmptyListProps {
  title: string;
  text: string;
  action: { to: '/submit' | '/projects'; label: 'Submit a Project' | 'Browse Projects' };
}

/** An empty tab: what is missing and a way to change that. */
export function EmptyList({ title, text, action }: EmptyListProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-muted/30 px-6 py-14 text-center">
      <p className="text-lg font-semibold">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{text}</p>
      <Button asChild>
        <Link to={action.to}>{action.label}</Link>
      </Button>
    </div>
  );
}
