import { describe, expect, it } from 'vitest';
import { visibleSections } from './menu-table.ts';

const titles = (loggedIn: boolean, role?: string) =>
  visibleSections(loggedIn, role).flatMap((s) => s.items.map((i) => `${i.title} ${i.path ?? i.action}`));

describe('side menu table', () => {
  it('shows Login and About when logged out', () => {
    expect(titles(false)).toEqual(['Login /login', 'About /about']);
  });

  it('shows Games, Orders, Account, Notifications and Logout when logged in', () => {
    expect(titles(true, 'player')).toEqual([
      'Games /app/tabs/game',
      'Orders /app/tabs/selections',
      'Account /account',
      'Notifications /notification-list',
      'Logout logout',
    ]);
  });

  it('adds exactly one section for staff and for admins', () => {
    expect(visibleSections(true, 'staff').map((s) => s.title)).toEqual(['Navigate', 'Account', 'Staff']);
    expect(visibleSections(true, 'admin').map((s) => s.title)).toEqual(['Navigate', 'Account', 'Club admin']);
  });
});
