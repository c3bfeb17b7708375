import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.js';

export default function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="max-w-md text-muted-foreground">The page you're looking for doesn't exist or has been moved.</p>
      <Button asChild className="mt-2">
        <Link to="/">Go back home</Link>
      </Button>
    </div>
  );
}
