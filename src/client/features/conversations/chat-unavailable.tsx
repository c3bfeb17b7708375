import { Lock, MessageSquareOff } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.js';

const texts = {
  'not-found': { title: 'Chat Not Found', text: "This chat conversation could not be found or you don't have access to it.", icon: MessageSquareOff },
  'access-denied': { title: 'Access Denied', text: "You don't have permission to access this chat.", icon: Lock },
} as const;

/** The Chat page's two dead ends (spec section 2), both with 'Return to Dashboard'. */
export function ChatUnavailable({ reason }: { reason: keyof typeof texts }) {
  const { title, text, icon: Icon } = texts[reason];
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-20 text-center">
      <Icon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <Button asChild className="mt-2">
        <Link to="/dashboard">Return to Dashboard</Link>
      </Button>
    </div>
  );
}
