// One shape for every adapter: path segments of letters, digits, '-', '_' and '.', no segment
// starting with a dot (so no '..', no hidden or temporary files), no leading or doubled '/'.
const safeKeyPattern = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/i;

export function isSafeStorageKey(key: string): boolean {
  return key.length <= 512 && safeKeyPattern.test(key);
}

export function assertSafeStorageKey(key: string): void {
  if (!isSafeStorageKey(key)) throw new Error(`Refused storage key ${JSON.stringify(key)}`);
}
