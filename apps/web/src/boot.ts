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
 * a deadline's day and time in London, pounds for prizes). Done here, each in a task of its own
 * while the shell downloads, they are ready when the page renders. (The deadline's "BST" or "GMT"
 * comes from London's offset, not from ICU's zone names: format.ts londonZone.)
 */
function warmUp() {
  const steps = [
    () => 'a'.localeCompare('b', 'en-GB'),
    // London's zone data first, then the names of days and months: two loads, two tasks.
    () => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit' }).format(0),
    () =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }).format(0),
    () => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(1),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

// The first read of localStorage waits for the browser to hand over the site's stored items (the
// session and the game page's greeting read it): 25-40 ms with no work to show for it. Here, before
// the first paint, the wait delays the placeholder a little instead of blocking the first page.
try {
  localStorage.getItem('lastman.boot');
} catch {
  // Storage refused (private mode, settings): the page copes where it reads it.
}

if (document.visibilityState === 'hidden') loadShell();
// The frame callback runs just before the paint; the task it queues runs after it.
else requestAnimationFrame(() => setTimeout(loadShell, 0));
