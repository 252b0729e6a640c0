import { options } from 'preact';

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

const inOwnTask = (process: () => void) => {
  setTimeout(process, 0);
};

/**
 * Preact re-renders what a state change touched in a microtask, so the cascade of re-renders that
 * follows the first render (the router outlet finding its page, queries answering from the cache,
 * the tab bar learning who is signed in) all ran in the first render's task: one task of 300 ms
 * and more on Lighthouse's phone. While the app starts, each round of re-renders runs in a task of
 * its own instead. The first input (or `untilMs`) ends it: from then on re-renders are immediate
 * again, as an input's handler expects.
 */
export function rendersInTasksWhileStarting(untilMs = 5000): void {
  if (options.debounceRendering) return;
  options.debounceRendering = inOwnTask;
  starting = true;
  const events = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
  const timer = setTimeout(end, untilMs);
  function end() {
    clearTimeout(timer);
    starting = false;
    for (const type of events) window.removeEventListener(type, end, true);
    if (options.debounceRendering === inOwnTask) options.debounceRendering = undefined;
  }
  for (const type of events) window.addEventListener(type, end, { capture: true, passive: true });
}
