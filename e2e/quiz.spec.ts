import type { Browser, Page } from '@playwright/test';
import { activePage, expect, fill, logInByApi, signUpByApi, test, xsrfHeaders } from './support/fixtures.ts';

// The TV asks GET /api/screens/current first: 404 is its answer until the device is a screen.
test.use({ allowHttpErrors: true });

const SHOTS = process.env.QUIZ_SCREENSHOTS_DIR;

const QUIZ = {
  title: 'Thursday quiz',
  rounds: [
    {
      title: 'Warm-up',
      questions: [
        {
          prompt: 'Which city is the capital of France?',
          kind: 'choice',
          choices: ['Lyon', 'Paris'],
          answer: 'Paris',
        },
        { prompt: 'Who recorded Abbey Road?', kind: 'text', answer: 'Beatles|The Beatles', seconds: 120 },
      ],
    },
    { title: 'Numbers', questions: [{ prompt: 'Seven times six?', kind: 'number', answer: '42' }] },
  ],
};

async function phone(browser: Browser, code: string, teamName: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const p = await context.newPage();
  await p.goto(`/quiz?code=${code}`);
  await fill(p, 'team-name', teamName);
  await activePage(p).locator('form.quiz-join ion-button[type="submit"]').click();
  await expect(p.getByTestId('quiz-wait')).toBeVisible();
  return p;
}

async function noScrolling(page: Page) {
  const overflow = await page.evaluate(() => ({
    x: document.documentElement.scrollWidth - window.innerWidth,
    y: document.documentElement.scrollHeight - window.innerHeight,
  }));
  expect(overflow).toEqual({ x: 0, y: 0 });
}

test('quiz night: two teams answer on their phones at 360 px while the paired TV runs the room', async ({
  page,
  browser,
}, info) => {
  test.skip(
    info.project.name !== 'phone',
    'phones at 360 px, the TV at 1920 and 1280 px: the test sizes each itself',
  );
  test.setTimeout(180_000);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const slug = `the-quiz-inn-${id}`;
  // A club of its own: its running quiz takes over its TV only.
  await signUpByApi(page, {
    name: 'Quinn Master',
    email: `quiz-${id}@example.test`,
    password: 'a pint of bitter',
    dateOfBirth: '1980-02-02',
  });
  const club = await page.request.post('/api/clubs', {
    data: { name: `The Quiz Inn ${id}`, slug },
    headers: await xsrfHeaders(page),
  });
  expect(club.status(), await club.text()).toBe(201);
  const created = await page.request.post('/api/admin/quizzes', {
    data: QUIZ,
    headers: await xsrfHeaders(page),
  });
  expect(created.status(), await created.text()).toBe(201);
  const quiz = ((await created.json()) as { quiz: { id: string; joinCode: string } }).quiz;

  // The TV: a code, paired by the admin.
  const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const tv = await tvContext.newPage();
  await tv.goto(`/c/${slug}/screen`);
  const pairing = tv.locator('[data-pairing-code]');
  await expect(pairing).toHaveAttribute('data-pairing-code', /^[A-HJ-NP-Z2-9]{6}$/);
  const paired = await page.request.post('/api/admin/screens/pair', {
    data: { code: await pairing.getAttribute('data-pairing-code'), name: 'Quiz TV' },
    headers: await xsrfHeaders(page),
  });
  expect(paired.status()).toBe(201);

  // The quizmaster starts the quiz from their screen: the TV shows the code and the QR.
  await page.goto(`/admin/quizzes?id=${quiz.id}`);
  const run = activePage(page).getByTestId('quiz-run');
  await run.locator('ion-button', { hasText: 'Start' }).click();
  await expect(run).toHaveAttribute('data-status', 'running');
  await expect(tv.getByTestId('tv-quiz-code')).toHaveText(quiz.joinCode, { timeout: 15_000 });
  await expect(tv.getByTestId('tv-quiz-join').locator('svg')).toBeVisible();

  const bears = await phone(browser, quiz.joinCode, 'Quizzly Bears');
  const agathas = await phone(browser, quiz.joinCode, 'Agatha Quiztie');
  await expect(tv.getByTestId('tv-quiz')).toContainText('2 teams');

  // Question 1 opens: on the TV large, with its countdown; on each phone, with the choices.
  await run.locator('ion-button', { hasText: 'Open question 1' }).click();
  await expect(tv.getByTestId('tv-quiz-prompt')).toHaveText('Which city is the capital of France?');
  await expect(tv.getByTestId('quiz-countdown')).toHaveText(/^\d+ s$/);
  const fontSize = await tv
    .getByTestId('tv-quiz-prompt')
    .evaluate((h) => parseFloat(getComputedStyle(h).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(60);
  if (SHOTS) await tv.screenshot({ path: `${SHOTS}/quiz-tv-1920.png` });
  await tv.setViewportSize({ width: 1280, height: 720 });
  await noScrolling(tv);
  if (SHOTS) await tv.screenshot({ path: `${SHOTS}/quiz-tv-1280.png` });

  for (const p of [bears, agathas]) {
    await expect(p.getByTestId('quiz-question')).toContainText('Which city is the capital of France?');
    await expect(p.getByTestId('quiz-answer')).toHaveCount(0);
  }
  await bears.getByTestId('quiz-question').locator('ion-button', { hasText: 'Paris' }).click();
  await agathas.getByTestId('quiz-question').locator('ion-button', { hasText: 'Lyon' }).click();
  await expect(bears.getByTestId('quiz-given')).toContainText('Paris');
  // A reload: the answer given is still there.
  await bears.reload();
  await expect(bears.getByTestId('quiz-given')).toContainText('Paris');
  await noScrolling(bears);
  if (SHOTS) await bears.screenshot({ path: `${SHOTS}/quiz-phone-360.png` });
  await expect(tv.getByTestId('tv-quiz')).toContainText('2 answered');
  // The quizmaster sees both answers, unmarked until the close.
  await expect(activePage(page).getByTestId('quiz-answers')).toContainText('Agatha Quiztie: Lyon');

  await run.locator('ion-button', { hasText: 'Close question 1' }).click();
  await expect(tv.getByTestId('tv-quiz-answer')).toHaveText('Answer: Paris');
  await expect(bears.getByTestId('quiz-given')).toContainText('right');
  await expect(agathas.getByTestId('quiz-given')).toContainText('wrong');
  await expect(agathas.getByTestId('quiz-answer')).toContainText('Paris');

  // Question 2, the last of the round: a typed answer with a typo, marked right; then the leaderboard.
  await run.locator('ion-button', { hasText: 'Open question 2' }).click();
  await expect(agathas.getByTestId('quiz-question')).toContainText('Who recorded Abbey Road?');
  await fill(agathas, 'quiz-answer', 'the beetles');
  await agathas.getByTestId('quiz-question').locator('ion-button[type="submit"]').click();
  await expect(agathas.getByTestId('quiz-given')).toContainText('the beetles');
  await run.locator('ion-button', { hasText: 'Close question 2' }).click();
  await expect(tv.getByTestId('tv-quiz')).toHaveAttribute('data-phase', 'leaderboard');
  await expect(tv.getByTestId('quiz-leaderboard').locator('li')).toHaveText([
    /1\s*Agatha Quiztie\s*1/,
    /1\s*Quizzly Bears\s*1/,
  ]);
  await expect(bears.getByTestId('quiz-leaderboard')).toBeVisible();
  if (SHOTS) await tv.screenshot({ path: `${SHOTS}/quiz-tv-leaderboard-1280.png` });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/quiz-master-360.png` });
  await noScrolling(agathas);

  // The last question leaves the two teams level: the quizmaster settles it with a tie-break.
  await run.locator('ion-button', { hasText: 'Open question 3' }).click();
  await expect(bears.getByTestId('quiz-question')).toContainText('Seven times six?');
  await run.locator('ion-button', { hasText: 'Close question 3' }).click();
  await expect(run).toHaveAttribute('data-status', 'finished');
  const tieBreak = activePage(page).getByTestId('quiz-tie-break');
  await expect(tieBreak).toContainText('share place 1');
  await fill(page, 'tie-break-prompt', 'How many pints in a firkin?');
  await fill(page, 'tie-break-answer', '72');
  await tieBreak.locator('ion-button[type="submit"]').click();
  await expect(tv.getByTestId('tv-quiz-prompt')).toHaveText('How many pints in a firkin?');
  await expect(tv.getByTestId('tv-quiz')).toContainText('Tie-break');
  for (const [p, guess] of [
    [bears, '70'],
    [agathas, '100'],
  ] as const) {
    await expect(p.getByTestId('quiz-question')).toContainText('Tie-break');
    await fill(p, 'quiz-answer', guess);
    await p.getByTestId('quiz-question').locator('ion-button[type="submit"]').click();
    await expect(p.getByTestId('quiz-given')).toContainText(guess);
  }
  await run.locator('ion-button', { hasText: 'Close the tie-break' }).click();
  await expect(tv.getByTestId('quiz-leaderboard').locator('li')).toHaveText([
    /1\s*Quizzly Bears\s*won the tie-break\s*1/,
    /2\s*Agatha Quiztie\s*1/,
  ]);
  await expect(bears.getByTestId('quiz-leaderboard')).toContainText('won the tie-break');
  await Promise.all([bears.context().close(), agathas.context().close(), tvContext.close()]);
});

test("the quizmaster writes a quiz on a phone, a CSV file's mistakes are named by line, and a quiz is copied", async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'phone', 'the quizmaster screen at 360 px');
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/admin/quizzes');
  const content = activePage(page);
  const title = `Written quiz ${Date.now().toString(36)}`;
  await content.locator('ion-button', { hasText: 'Write a quiz' }).click();
  await fill(page, 'quiz-title', title);
  await fill(page, 'round-0', 'Sport');
  await fill(page, 'prompt-0-0', 'Which club plays at Anfield?');
  await fill(page, 'answer-0-0', 'Liverpool|Liverpool FC');
  await content.locator('ion-button', { hasText: 'Add a question' }).click();
  await fill(page, 'prompt-0-1', 'Pick the odd one out');
  await content.locator('select[name="kind-0-1"]').selectOption('choice');
  await fill(page, 'choices-0-1', 'Cat\nDog\nCarrot');
  await fill(page, 'answer-0-1', 'Carrot');
  await noScrolling(page);
  await content.locator('form.quiz-writer ion-button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin\/quizzes\?id=/);
  await expect(activePage(page).getByTestId('quiz-run')).toContainText(title);
  await expect(activePage(page).getByTestId('quiz-run')).toContainText('draft');

  await page.goto('/admin/quizzes');
  const csv =
    'round,prompt,kind,choices,answer,points\nMusic,Who?,text,,Beatles,1\nMusic,Which?,riddle,,x,1\n';
  await fill(page, 'import-title', 'From a spreadsheet');
  await activePage(page)
    .locator('input[type="file"][accept=".csv,text/csv"]')
    .setInputFiles({ name: 'quiz.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await activePage(page).locator('ion-button', { hasText: 'Import' }).click();
  await expect(activePage(page).getByTestId('quiz-import-error')).toContainText('Line 3: the kind must be');

  const row = activePage(page).getByTestId('quiz-list').locator('li', { hasText: title });
  await row.locator('ion-button', { hasText: 'Copy' }).click();
  await expect(activePage(page).getByTestId('quiz-list').locator('li', { hasText: title })).toHaveCount(2);
});
