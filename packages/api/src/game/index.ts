export * from './corrections.ts';
export * from './entries.ts';
export * from './game.ts';
export * from './game-screen.ts';
export * from './live.ts';
export * from './payouts.ts';
export * from './rules.ts';
export * from './screens.ts';
