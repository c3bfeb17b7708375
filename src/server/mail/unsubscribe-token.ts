import { createHmac, timingSafeEqual } from 'node:crypto';
import { readUnsubscribeToken } from '#shared/domain/email-categories.js';

/**
 * The token of an unsubscribe link: '<userId>.<category>.<HMAC-SHA256 of both>'. It names one
 * person and one kind of mail and can do nothing but turn that kind off, so it never expires;
 * changing EMAIL_LINK_SECRET voids every link sent before.
 */
const signatureOf = (secret: string, userId: number, category: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${category}`).digest('base64url');

export function signUnsubscribeToken(secret: string, userId: number, category: string): string {
  return `${userId}.${category}.${signatureOf(secret, userId, category)}`;
}

/** The person and category of a genuine token; null for anything else (tampered, truncated, another secret's). */
export function verifyUnsubscribeToken(secret: string, token: string): { userId: number; category: string } | null {
  const parts = readUnsubscribeToken(token);
  if (!parts) return null;
  const expected = Buffer.from(signatureOf(secret, parts.userId, parts.category));
  const given = Buffer.from(parts.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: parts.userId, category: parts.category };
}
