// The notifications feature as other features see it: they import from here, never its other files.
//
// To notify: notify({ db: tx, clock }, { clubId, userIds | audience, kind, title, body, link }) inside
// the event's transaction, then services.notifier.kick() after it commits. A new kind is registered
// with registerNotificationKind({ kind, label, defaults }) by its domain's plugin (plugin.ts), and a
// reminder pass with registerReminderPass(name, pass) likewise: no module registers on import.

export {
  alertEveryClubsAdmins,
  type BuyBackOpen,
  type CorrectedEntry,
  notifyAdmins,
  notifyCompetitionOpened,
  notifyCorrectedEntries,
  notifyEntryKnockedOut,
  notifyEntryReinstated,
  notifyRoundsSettled,
} from './events.ts';
export { type NotificationKind, registerNotificationKind } from './kinds.ts';
export {
  type NotifyInput,
  type NotifyResult,
  type NotifySetInput,
  notify,
  notifySet,
  notifyUsers,
} from './notify.ts';
export { notificationsDomain, registerNotificationsParts } from './plugin.ts';
export { countUnread } from './queries.ts';
// Signed by the link in the email, not by an XSRF token.
export { UNSUBSCRIBE_PATH } from './routes.ts';
export { createNotifier, type Notifier } from './sender.ts';
export { type ReminderPass, registerReminderPass, startNotificationJobs } from './worker.ts';
