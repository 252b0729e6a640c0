/** The keys a push is signed with (VAPID), made once and kept in the database. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The sending path of notifications (domains/notifications/sender.ts): hands queued push and email
 * to their services.
 */
export interface Notifier {
  /** Sends what is pending now (after a transaction that called notify() commits). */
  kick(): Promise<void>;
  /** Sends until nothing is pending; resolves with how many deliveries were handled. */
  drain(): Promise<number>;
  vapidKeys(): Promise<VapidKeys>;
  /** Polls for deliveries other processes and jobs queued, every `intervalMs`. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}
