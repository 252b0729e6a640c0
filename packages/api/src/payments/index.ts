export * from './payments.ts';
export * from './stripe-account.ts';
