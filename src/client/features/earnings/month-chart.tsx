import { formatMoney } from '#shared/domain/money.js';
import { monthLabel } from './month-label.js';

interface MonthBar {
  month: string;
  cents: number;
}

const WIDTH = 600;
const HEIGHT = 160;
const LABEL_ROOM = 20;

/**
 * A small bar chart of one figure per month, drawn as SVG (no chart library). It is a picture with
 * a text alternative; the table beside it holds the same figures for reading.
 */
export function MonthChart({ bars, title }: { bars: readonly MonthBar[]; title: string }) {
  const highest = Math.max(0, ...bars.map((bar) => bar.cents));
  const slot = WIDTH / Math.max(1, bars.length);
  const summary = bars.map((bar) => `${monthLabel(bar.month)}: ${formatMoney(bar.cents, { showCents: true })}`).join('; ');
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + LABEL_ROOM}`} role="img" aria-label={`${title}. ${summary}`} className="h-auto w-full" preserveAspectRatio="none">
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-border" strokeWidth={1} />
        {bars.map((bar, i) => {
          const height = highest === 0 ? 0 : Math.max(bar.cents > 0 ? 2 : 0, (bar.cents / highest) * (HEIGHT - 8));
          return (
            <g key={bar.month}>
              <rect x={i * slot + slot * 0.15} y={HEIGHT - height} width={slot * 0.7} height={height} rx={3} className="fill-primary" />
              <text x={i * slot + slot / 2} y={HEIGHT + 14} textAnchor="middle" className="fill-muted-foreground text-[11px]">
                {monthLabel(bar.month).slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
