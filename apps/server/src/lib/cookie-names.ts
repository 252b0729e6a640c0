/**
 * The names of the cookies the server sets for a browser. Served over https they carry the
 * `__Host-` prefix: a browser then takes them only from this very host, Secure, with Path=/ and no
 * Domain, so a sibling site (`evil.example.com` beside `lastman.example.com`) cannot plant one. Over
 * plain http (development, tests) the prefix would make browsers refuse them, so they go without.
 */
export function cookieNames(secure: boolean) {
  const prefix = secure ? '__Host-' : '';
  return {
    /** better-auth's session token (`token.signature`). */
    session: `${prefix}better-auth.session_token`,
    /** better-auth's cookies besides the session token, by its own names for them. */
    authCookies: {
      session_token: `${prefix}better-auth.session_token`,
      session_data: `${prefix}better-auth.session_data`,
      account_data: `${prefix}better-auth.account_data`,
      dont_remember: `${prefix}better-auth.dont_remember`,
    },
    /** The XSRF token the page reads and sends back in X-XSRF-TOKEN (lib/xsrf.ts). */
    xsrf: `${prefix}XSRF-TOKEN`,
  };
}
