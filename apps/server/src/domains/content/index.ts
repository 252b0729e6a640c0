// The content domain as other domains see it: they import from here, never its other files.

export * from './events/index.ts';
export * from './gallery/index.ts';
export * from './menu/index.ts';
export { contentDomain } from './plugin.ts';
