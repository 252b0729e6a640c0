/**
 * Whether an error is the browser failing to fetch a module's code: no connection, or a new
 * deployment that replaced the file. Chromium, Firefox and Safari word it differently.
 */
export function isFailedImport(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Ionic loads some of its own code when first needed (its gestures, the tap ripple, the keyboard
 * assist, page transitions, with the idle time after start) and does not catch a failure: offline,
 * before that code was ever fetched, each would be an uncaught error. Nothing is lost that the person
 * needs while offline (the offline bar says why nothing new loads, and a page or a part of one that
 * cannot load says so itself), so these failures are answered here rather than left uncaught. Any
 * other error is left as it is.
 */
export function answerFailedImports(target: Pick<Window, 'addEventListener' | 'removeEventListener'>) {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isFailedImport(event.reason)) event.preventDefault();
  };
  target.addEventListener('unhandledrejection', onRejection);
  return () => target.removeEventListener('unhandledrejection', onRejection);
}
