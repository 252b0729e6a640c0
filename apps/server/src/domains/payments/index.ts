// The payments domain as other domains see it: they import from here, never its other files.

export * from './orders/index.ts';
export * from './stripe-account/index.ts';
