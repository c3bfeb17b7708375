/**
 * POST /api/bids/{bidId}/pay with fetch rather than the api client: spec section 8 words the
 * checkout failure by the response's status and by whether its body is JSON, which the api
 * client's '{status}: {message}' error does not keep apart.
 */

export class CheckoutSetupError extends Error {
  override readonly name = 'CheckoutSetupError';
}

const NON_JSON_ERROR = 'Authentication error. Please log in again.';
const MISSING_URL = 'No checkout URL received from server';

/** The checkout URL of an accepted bid; throws a CheckoutSetupError carrying the spec's text. */
export async function requestCheckoutUrl(bidId: number): Promise<string> {
  const response = await fetch(`/api/bids/${bidId}/pay`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ accept: true }),
  });
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    // An HTML login page or a proxy's error page: the session is the usual culprit.
    if (!response.ok) throw new CheckoutSetupError(NON_JSON_ERROR);
    throw new CheckoutSetupError(MISSING_URL);
  }
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (!response.ok) {
    throw new CheckoutSetupError(typeof record.message === 'string' && record.message ? record.message : `Error ${response.status}`);
  }
  if (typeof record.checkoutUrl !== 'string' || !record.checkoutUrl) throw new CheckoutSetupError(MISSING_URL);
  return record.checkoutUrl;
}
