// The staff domain's tables, by part. db/schema/index.ts re-exports them (drizzle-kit reads that index).

export * from './clock/schema.ts';
export * from './leave/schema.ts';
export * from './pay/schema.ts';
export * from './people/schema.ts';
export * from './shifts/schema.ts';
export * from './swaps/schema.ts';
export * from './timesheets/schema.ts';
