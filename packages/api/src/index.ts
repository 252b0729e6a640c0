export * from './client-config.ts';
export * from './clubs.ts';
export * from './common.ts';
export * from './contact.ts';
export * from './game.ts';
export * from './me.ts';
export * from './members.ts';
export * from './payments.ts';
