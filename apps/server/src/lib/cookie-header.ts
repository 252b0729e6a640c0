/**
 * A Cookie header read the one way every reader of ours (the XSRF check, the session reader,
 * better-auth) agrees on: pairs in the order sent, values percent-decoded, and a pair whose value
 * does not decode (`%`, `%E0%A4%A`) left out as if it had not been sent. Such a cookie can be planted
 * by a sibling subdomain; it must neither fail the request nor hide a good cookie of the same name
 * sent after it.
 */
export function readableCookies(header: string | undefined): [name: string, value: string][] {
  const pairs: [string, string][] = [];
  if (!header) return pairs;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = decodedCookieValue(part.slice(eq + 1).trim());
    if (name && value !== null) pairs.push([name, value]);
  }
  return pairs;
}

/** The first readable value of the cookie `name`, or null when none was sent (or none decodes). */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const [n, value] of readableCookies(header)) if (n === name) return value;
  return null;
}

/** The Cookie header without the pairs whose value does not decode (null: nothing left). */
export function withoutUnreadableCookies(header: string): string | null {
  const kept = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => {
      const eq = part.indexOf('=');
      return eq > 0 && decodedCookieValue(part.slice(eq + 1).trim()) !== null;
    });
  return kept.length > 0 ? kept.join('; ') : null;
}

/** A cookie value percent-decoded (quotes as RFC 6265 allows them dropped); null if it does not decode. */
export function decodedCookieValue(raw: string): string | null {
  const value = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
