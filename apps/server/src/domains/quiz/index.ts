// The quiz domain as other domains see it: they import from here, never its other files.

export { quizDomain } from './plugin.ts';

// The club's public event page says a quiz is on.
export { quizOfEvent } from './public.ts';
