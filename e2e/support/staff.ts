import type { Page } from '@playwright/test';
import { apiClient } from './api-client.ts';
import { signUpByApi, uniqueEmail } from './fixtures.ts';

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
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const admin = await apiClient(baseURL, 'admin@redlion.test');
  await admin.send('PATCH', `/api/admin/members/${me.user.id}`, { role: 'staff' });
  await admin.dispose();
  return { name, email, userId: me.user.id };
}
