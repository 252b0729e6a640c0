export { pickForNameOnlyEntry, publicPickRounds } from './service.ts';
