/**
 * Signing in, as the rest of the server uses it: the accounts domain makes it with better-auth
 * (domains/account/sign-in/auth.ts); routes, guards, the seed and account deletion take this much.
 */
export interface Auth {
  /** better-auth's own endpoints, answered from a web Request. */
  handler(request: Request): Promise<Response>;
  api: {
    /** The session a request's cookie or bearer token names, with its user; null when none. */
    getSession(context: {
      headers: Headers;
    }): Promise<{ user: { id: string }; session: { token: string } } | null>;
  };
  $context: Promise<{
    password: {
      hash(password: string): Promise<string>;
      verify(input: { hash: string; password: string }): Promise<boolean>;
    };
    authCookies: { sessionToken: { name: string } };
  }>;
}
