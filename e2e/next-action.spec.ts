/** The next thing to do comes first: the picks still to make, linking to the first entry that needs one. */
import { activePage, expect, signUpByApi, test, uniqueEmail } from './support/fixtures.ts';

test('the game screen opens with the picks to make, and the line leads to the pick screen', async ({
  page,
}) => {
  await signUpByApi(page, {
    name: 'Nina Next',
    email: uniqueEmail('next'),
    password: 'correct horse battery',
    dateOfBirth: '1990-04-23',
  });
  await page.goto('/app/tabs/game');
  const card = activePage(page).locator('section.competition', { hasText: 'Autumn Cup' });
  await expect(card.getByRole('button', { name: 'Join (free)' })).toBeVisible();
  await expect(activePage(page).getByTestId('next-action')).toHaveCount(0);
  await card.getByRole('button', { name: 'Join (free)' }).click();
  await card.getByRole('button', { name: 'Add another entry (free)' }).click();
  await expect(card.locator('[data-entry="2"]')).toContainText('no pick yet');

  const next = activePage(page).getByTestId('next-action');
  await expect(next).toContainText(/^2 picks to make before \w{3} \d{1,2} \w{3}, \d\d:\d\d/);
  const box = await next.boundingBox();
  const first = await activePage(page).locator('section.competition').first().boundingBox();
  expect(box && first && box.y < first.y, 'the line sits above the competitions').toBe(true);

  await next.click();
  await page.waitForURL('**/teamselections?**');
  expect(new URL(page.url()).searchParams.get('entry')).toBeTruthy();
  await expect(activePage(page).locator('button.team').first()).toBeVisible();
});
