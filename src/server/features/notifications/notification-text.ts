import { formatMoney } from '#shared/domain/money.js';
import type { MoneyWordsFormat } from '#shared/domain/money-moves.js';

const PREVIEW_MAX = 140;

/** A notification shows the start of a chat message (or a reason), on one line. */
export function previewOf(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_MAX ? `${line.slice(0, PREVIEW_MAX - 1)}…` : line;
}

/** A notification quotes what people wrote and writes amounts with their cents. */
export const notificationFormat: MoneyWordsFormat = { value: (text) => `"${text}"`, money: (cents) => formatMoney(cents, { showCents: true }) };

export const daysOf = (days: number): string => `${days} day${days === 1 ? '' : 's'}`;
