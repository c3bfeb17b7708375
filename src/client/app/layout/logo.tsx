import { Flag } from '#client/components/ui/first-load-icons.js';
import { Link } from 'react-router';

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" onClick={onClick} className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight">
      <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <Flag className="size-4" />
      </span>
      Finishline
    </Link>
  );
}
