// The notifications feature as other features see it: they import from here, never its other files.
//
// To notify: notify({ db: tx, clock }, { clubId, userIds | audience, kind, title, body, link }) inside
// the event's transaction, then services.notifier.kick() after it commits. A new kind is registered
// once with registerNotificationKind({ kind, label, defaults }) from the feature's own index.ts.

export {
  alertEveryClubsAdmins,
  type CorrectedEntry,
  notifyAdmins,
  notifyCompetitionOpened,
  notifyCorrectedEntries,
  notifyEntryKnockedOut,
  notifyEntryReinstated,
  notifyRoundsSettled,
} from './events.ts';
export { registerNotificationKind } from './kinds.ts';
export { type NotifyInput, type NotifyResult, notify, notifyUsers } from './notify.ts';
export { countUnread, countUnreadByClub } from './queries.ts';
export { createNotifier, type Notifier } from './sender.ts';
export { type ReminderPass, registerReminderPass, startNotificationJobs } from './worker.ts';
