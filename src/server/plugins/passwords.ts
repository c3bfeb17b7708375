import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. algorithm 2 is Algorithm.Argon2id, a const
// enum that verbatimModuleSyntax cannot import.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash so that an unknown email costs as much time as a wrong
 * password and the two cannot be told apart.
 */
export async function spendVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('finishline-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
