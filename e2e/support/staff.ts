import type { Page } from '@playwright/test';
import { giveRole, myUserId, uniqueEmail } from '../../apps/server/test/support/world-api.ts';
import { apiClient } from './api-client.ts';
import { pageSession, signUpByApi } from './fixtures.ts';

/** A staff member of this run's own (so that runs side by side do not meet), signed in on the page. */
export async function newStaff(page: Page, baseURL: string, first: string) {
  await page.context().clearCookies();
  const tag = Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 5);
  const name = `${first} ${tag.charAt(0).toUpperCase()}${tag.slice(1)}`;
  const email = uniqueEmail(first.toLowerCase());
  await signUpByApi(page, { name, email, password: 'swap-password', dateOfBirth: '1993-03-03' });
  const userId = await myUserId(pageSession(page));
  const admin = await apiClient(baseURL, 'admin@redlion.test');
  await giveRole(admin.session, userId, 'staff');
  await admin.dispose();
  return { name, email, userId };
}
