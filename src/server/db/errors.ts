/** The constraint a statement broke when it is a unique violation (SQLSTATE 23505), else null. */
export function uniqueViolation(error: unknown): string | null {
  // Drizzle wraps driver errors; the driver's error (pg or PGlite) sits in `cause`.
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
  }
  return null;
}
