export * from './club.ts';
export * from './contact.ts';
export * from './members.ts';
export * from './rules.ts';
