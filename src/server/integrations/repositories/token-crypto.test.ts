import { describe, expect, it } from 'vitest';
import { decryptToken, encryptToken } from './token-crypto.js';

describe('GitHub tokens at rest', () => {
  const secret = 'client-secret-0123456789abcdef';

  it('round-trips, with a fresh IV each time and no plaintext in the output', () => {
    const first = encryptToken(secret, 'ghu_16C7e42F292c6912E7710c838347Ae178B4a');
    const second = encryptToken(secret, 'ghu_16C7e42F292c6912E7710c838347Ae178B4a');
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('ghu_');
    expect(decryptToken(secret, first)).toBe('ghu_16C7e42F292c6912E7710c838347Ae178B4a');
    expect(decryptToken(secret, second)).toBe('ghu_16C7e42F292c6912E7710c838347Ae178B4a');
  });

  it('refuses a tampered value, a truncated tag, another secret and a malformed value', () => {
    const sealed = encryptToken(secret, 'ghu_token');
    const [version, iv, tag, ciphertext] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptToken(secret, [version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => decryptToken(secret, [version, iv, Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url'), ciphertext].join('.'))).toThrow();
    expect(() => decryptToken('another-client-secret', sealed)).toThrow();
    expect(() => decryptToken(secret, 'ghu_token')).toThrow();
    expect(() => decryptToken(secret, `v2.${iv}.${tag}.${ciphertext}`)).toThrow();
  });
});
