// The sandbox checkout's card rules, shared by its page and the sandbox provider.

/**
 * A card whose expiry month has ended is refused, in Stripe test mode's words; the browser checks
 * against its own clock before sending and the sandbox checks again against the server's.
 */
export function cardExpiryProblem(expiry: string, now: Date): string | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (year < now.getUTCFullYear()) return "Your card's expiration year is in the past.";
  if (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1) return "Your card's expiration date is in the past.";
  return null;
}
