export { runReminderPass } from './deadline-reminders.ts';
export { pickForNameOnlyEntry, publicPickRounds } from './service.ts';
