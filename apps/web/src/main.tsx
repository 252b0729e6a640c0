import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { ScreenRoot, screenSlugOf } from './app/screen-root.tsx';
import { restoreSession } from './lib/auth.ts';
import { answerFailedImports } from './lib/failed-imports.ts';
import { isNative } from './lib/platform.ts';
import { markStarting, nextTask } from './lib/start-up-tasks.ts';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/display.css';
import '@ionic/react/css/palettes/dark.system.css';
import './app/theme.css';

// Before anything loads code on demand: offline, Ionic's own lazy code fails to load uncaught.
answerFailedImports(window);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The pub's TV (/c/<club>/screen) is a page of its own: no session, no app shell.
const screenSlug = screenSlugOf(window.location.pathname);
if (!screenSlug) void restoreSession();
const root = createRoot(container);
markStarting();
// The shell's modules (Stencil's runtime, Ionic's elements, the router) have just been evaluated in
// this task: the first render gets a task of its own, and React renders the first screen in a
// transition, in slices that yield to the browser between them.
const render = async () => {
  await nextTask();
  startTransition(() => {
    root.render(
      <StrictMode>
        {screenSlug ? <ScreenRoot slug={screenSlug} search={window.location.search} /> : <App />}
      </StrictMode>,
    );
  });
};
// Native only: the biometric lock decides the first page; its code loads only there.
if (isNative()) {
  void import('./lib/biometric-lock.ts')
    .then((lock) => lock.openLockedOnUnlockScreen())
    .catch(() => undefined)
    .finally(() => void render());
} else {
  void render();
}
