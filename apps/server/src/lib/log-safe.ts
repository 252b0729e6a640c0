/**
 * What of an error or a log argument may go to the log: never a query's parameters (they carry
 * names, email addresses, password hashes and tokens), which drizzle puts both in a failed query's
 * message and in its `params`, and PostgreSQL's driver again in the error's cause.
 */
export function loggable(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return loggableError(value, depth);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 4) return '[…]';
  if (Array.isArray(value)) return value.map((v) => loggable(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!SECRET_KEYS.test(key)) out[key] = loggable(inner, depth + 1);
  }
  return out;
}

const SECRET_KEYS = /^(params|parameters|values|password|token|secret|query)$/i;

function loggableError(err: Error, depth: number): Record<string, unknown> {
  const { code } = err as { code?: unknown };
  return {
    type: err.name,
    message: withoutParams(err.message),
    ...(code !== undefined && { code }),
    ...(err.stack && { stack: withoutParams(err.stack) }),
    ...(err.cause !== undefined && depth < 4 && { cause: loggable(err.cause, depth + 1) }),
  };
}

/** drizzle's "Failed query: <sql>\nparams: <values>": the statement may stay, its values not. */
export function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [not logged]');
}

/**
 * A URL as it may be logged: the tokens of emailed links (a reset link's path, a verification link's
 * query) are keys to an account, so the request log shows where they went, not what they were.
 */
export function urlForLog(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/, '$1[token]')
    .replace(/([?&](?:token|code)=)[^&#]*/gi, '$1[token]');
}

/** Fastify's own request serializer, with the URL through urlForLog. */
export function requestForLog(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
