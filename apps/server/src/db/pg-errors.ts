/**
 * The SQLSTATE of a database error, looked for through the causes drizzle wraps it in: the same on
 * node-postgres and PGlite (e.g. 23505 unique violation, 23P01 exclusion violation).
 */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
