export * from './clock.ts';
export * from './leave.ts';
export * from './pay.ts';
export * from './rules.ts';
export * from './shifts.ts';
export * from './swaps.ts';
export * from './timesheets.ts';
