// The quiz domain as other domains see it: they import from here, never its other files.

export { quizDomain } from './plugin.ts';
