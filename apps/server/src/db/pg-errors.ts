/** Drizzle wraps driver errors (DrizzleQueryError) with the driver's error as `cause`. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

export function isCheckViolation(error: unknown): boolean {
  return sqlState(error) === '23514';
}

/** Socket errors and PostgreSQL's connection and shutdown states (SQLSTATE classes 08 and 57P). */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);
/** node-postgres reports a dropped socket with these messages and no code. */
const unavailableMessages =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect/i;

/** The database could not be reached or dropped the connection: the request may succeed later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && unavailableMessages.test(message)) return true;
    // AggregateError (every address of a host refused) carries the socket errors in `errors`.
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((item) => isDatabaseUnavailable(item))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Text PostgreSQL cannot hold: the NUL character (22021), or a character outside the encoding (22P05). */
export function isUnstorableText(error: unknown): boolean {
  const state = sqlState(error);
  return state === '22021' || state === '22P05';
}
