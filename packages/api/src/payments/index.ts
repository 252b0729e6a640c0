export * from './payments.ts';
export * from './rules.ts';
export * from './stripe-account.ts';
