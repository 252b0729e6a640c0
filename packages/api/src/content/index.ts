export * from './events.ts';
export * from './gallery.ts';
export * from './menu.ts';
export * from './rules.ts';
