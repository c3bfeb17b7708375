import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * GitHub user tokens at rest (repository_accounts.token_enc): AES-256-GCM under a key derived from
 * GITHUB_CLIENT_SECRET, so a database dump alone gives no one a usable token, and rotating the
 * client secret voids the stored ones (people sign in to GitHub again).
 */

const VERSION = 'v1';
// A fixed salt and info: the key only needs to differ from the secret itself and from other uses of it.
const SALT = Buffer.from('finishline-github-token');
const INFO = Buffer.from('token_enc v1');

function keyFor(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, INFO, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function encryptToken(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The token, or a thrown error when the value was altered or was sealed under another secret. */
export function decryptToken(secret: string, sealed: string): string {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) throw new Error('Not an encrypted token');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), Buffer.from(iv, 'base64url'));
  const tagBytes = Buffer.from(tag, 'base64url');
  // Without this check a shortened tag would be accepted (GCM allows truncated tags).
  if (tagBytes.length !== 16) throw new Error('Not an encrypted token');
  decipher.setAuthTag(tagBytes);
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
