/**
 * Resolves in a new task of the browser's event loop, so that the code after `await nextTask()`
 * runs in a task of its own and the browser may handle input (and paint) in between. Lighthouse
 * counts every task over 50 ms (on its slowed-down phone) against the page's blocking time.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `run` when the browser is next idle, or after `timeoutMs`; returns a cancel function. */
export function whenIdle(run: () => void, timeoutMs = 500): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 50);
  return () => clearTimeout(id);
}

let starting = false;

/**
 * While the app starts (see below), a new task as `nextTask`; afterwards at once. For work that
 * would otherwise run inside a rendering task, such as the first import of a lazy page.
 */
export function startUpTask(): Promise<void> {
  return starting ? nextTask() : Promise.resolve();
}

/**
 * Marks the app as starting until the first input or `untilMs`: meanwhile `startUpTask()` yields a
 * task. React 19 itself keeps the first render short: main.tsx renders the first screen in a
 * transition, which React renders in slices of about 5 ms that yield to the browser, and the
 * re-renders that follow (the router finding its page, queries answering) are scheduled by React's
 * scheduler as tasks of their own. The first input ends the window, so work it starts is not
 * delayed.
 */
export function markStarting(untilMs = 5000): void {
  if (starting) return;
  starting = true;
  const events = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
  const timer = setTimeout(end, untilMs);
  function end() {
    clearTimeout(timer);
    starting = false;
    for (const type of events) window.removeEventListener(type, end, true);
  }
  for (const type of events) window.addEventListener(type, end, { capture: true, passive: true });
}
