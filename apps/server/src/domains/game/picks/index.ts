export { pickReminderId, runReminderPass } from './deadline-reminders.ts';
// The person's picks, for their data export (account/profile).
export { pickForNameOnlyEntry, publicPickRounds } from './service.ts';
