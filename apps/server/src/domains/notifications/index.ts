// The notifications feature as other features see it: they import from here, never its other files.
//
// To notify: notify({ db: tx, clock, registries }, { clubId, userIds | audience, kind, title, body, link })
// inside the event's transaction, then services.notifier.kick() after it commits. A new kind is
// registered in the app's registries (services.registries.notificationKinds) by its domain's plugin,
// and a reminder pass (services.registries.reminderPasses) likewise: no module registers on import.

export { alertEveryClubsAdmins, notifyAdmins } from './admin-alerts.ts';
export type { NotificationKind } from './kinds.ts';
export {
  type NotifyContext,
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
export { startNotificationJobs } from './worker.ts';
