// The page's only script tag. It lets the browser paint the placeholder in index.html first, then
// loads the app shell (main.tsx: React, Ionic, the router, its stylesheets): the first paint no
// longer waits for the shell's download and evaluation. A hidden page (opened in the background)
// gets no animation frame, so it loads the shell at once.
const loadShell = () => {
  void import('./main.tsx');
  warmUp();
};

/**
 * The first use of each kind of Intl object loads ICU's data for it: 15 ms and more on a phone,
 * which the game page paid inside its long render tasks (a collator to sort competitions by name,
 * a deadline's day, time and zone in London, pounds for prizes); so did the first read of
 * localStorage. Done here, each in a task of its own while the shell downloads, they are ready
 * when the page renders.
 */
function warmUp() {
  const steps = [
    // The first read of localStorage waits for the browser to hand over the site's stored items
    // (the game page's greeting reads it): up to 30 ms of a render task, here in one of its own.
    () => {
      try {
        localStorage.getItem('lastman.boot');
      } catch {
        // Storage refused (private mode, settings): the page copes where it reads it.
      }
    },
    () => 'a'.localeCompare('b', 'en-GB'),
    () =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(0),
    () => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'short' }).format(0),
    () => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(1),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

if (document.visibilityState === 'hidden') loadShell();
// The frame callback runs just before the paint; the task it queues runs after it.
else requestAnimationFrame(() => setTimeout(loadShell, 0));
