// The page's only script tag. It lets the browser paint the placeholder in index.html first, then
// loads the app shell (main.tsx: React, Ionic, the router, its stylesheets): the first paint no
// longer waits for the shell's download and evaluation. A hidden page (opened in the background)
// gets no animation frame, so it loads the shell at once.
const loadShell = () => {
  void import('./main.tsx');
};

if (document.visibilityState === 'hidden') loadShell();
// The frame callback runs just before the paint; the task it queues runs after it.
else requestAnimationFrame(() => setTimeout(loadShell, 0));
