export * from './extras.ts';
export * from './shifts.ts';
export * from './timesheets.ts';
