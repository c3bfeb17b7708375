import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LoaderCircle } from 'lucide-react';

/** The brief pause lets the message be read before the browser moves on. */
const REDIRECT_DELAY_MS = 300;

/** A screen that says where it is sending the user, then goes there. */
export function RedirectScreen({ to, message }: { to: string; message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(to, { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, to]);

  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-muted-foreground" />
      <p className="text-muted-foreground">{message}</p>
    </div>
  );
}
