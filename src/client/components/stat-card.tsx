import type { LucideIcon } from 'lucide-react';
import { Card, CardContent } from '#client/components/ui/card.js';

/** One figure with its label; the label names the figure for screen readers too. */
export function StatCard({ label, value, icon: Icon }: { label: string; value: string; icon: LucideIcon }) {
  return (
    <Card className="gap-0 py-5" role="group" aria-label={label}>
      <CardContent className="flex items-center gap-4">
        <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold tabular-nums">{value}</p>
        </div>
      </CardContent>
    </Card>
  );
}
