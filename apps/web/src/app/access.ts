import type { Role } from '../lib/me.ts';

/** Who may open a route or see a menu item. */
export type Access = 'public' | 'signedOut' | 'signedIn' | Exclude<Role, 'player'>;
