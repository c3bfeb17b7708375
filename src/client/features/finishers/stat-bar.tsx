import { Progress } from 'radix-ui';

/** A 0-100 bar; the label names it for screen readers. */
export function StatBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <Progress.Root value={clamped} max={100} aria-label={label} className="relative h-2 w-full overflow-hidden rounded-full bg-muted">
      <Progress.Indicator className="h-full bg-primary transition-transform" style={{ transform: `translateX(-${100 - clamped}%)` }} />
    </Progress.Root>
  );
}
