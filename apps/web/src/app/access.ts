import type { Role } from '@lastman/api';

/** Who may open a route or see a menu item. */
export type Access = 'public' | 'signedOut' | 'signedIn' | Exclude<Role, 'player'>;
