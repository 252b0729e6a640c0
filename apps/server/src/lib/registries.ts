import type { Db, DbOrTx } from '../db/client.ts';
import type { Clock } from './clock.ts';

/**
 * A domain's share of the club's export (domains/club/export.ts): its tables of the club's rows, by
 * the name each has in the export, in the order they appear there.
 */
export type ClubExportPart = (db: DbOrTx, at: { clubId: string }) => Promise<Record<string, unknown[]>>;

/**
 * A domain's share of deleting an account (domains/account/profile): what it erases or anonymises of
 * the person, inside the deletion's transaction.
 */
export type AccountDeletionPart = (tx: DbOrTx, person: { userId: string }) => Promise<void>;

/**
 * A domain's share of a person's data export (domains/account/profile): what it holds of the person at
 * one club, each list by the name it has in the export. The lists of every club are joined in turn.
 */
export type PersonalExportPart = (
  db: DbOrTx,
  at: { clubId: string; userId: string },
) => Promise<Record<string, Record<string, unknown>[]>>;

/** The channels a notification goes by: listed in the app, pushed to a device, emailed. */
export interface ChannelChoice {
  push: boolean;
  email: boolean;
  inApp: boolean;
}

/** What a kind of notification is: its name in the preference centre and its default channels. */
export interface NotificationKind {
  kind: string;
  label: string;
  defaults: ChannelChoice;
  /** Email only after the member agreed to it (UK PECR: club news is marketing). */
  emailNeedsConsent?: boolean;
  /** Only staff and admins see it in their preferences. */
  staffOnly?: boolean;
}

/** A reminder pass a domain adds to the minute tick (the game's pick deadlines, events, shifts); safe in every process. */
export type ReminderPass = (services: { db: Db; clock: Clock; registries: Registries }) => Promise<unknown>;

/** What a domain adds under its name, in the order added; a second thing under a name taken is refused. */
export class Registry<T> {
  readonly #items = new Map<string, T>();
  constructor(
    private readonly what: string,
    private readonly checkName: (name: string) => boolean = () => true,
  ) {}

  register(name: string, item: T): void {
    if (!this.checkName(name)) throw new Error(`bad ${this.what} name ${name}`);
    if (this.#items.has(name)) throw new Error(`the ${this.what} ${name} is registered twice`);
    this.#items.set(name, item);
  }

  get(name: string): T {
    const item = this.#items.get(name);
    if (item === undefined) throw new Error(`the ${this.what} ${name} is not registered`);
    return item;
  }

  find(name: string): T | undefined {
    return this.#items.get(name);
  }

  names(): string[] {
    return [...this.#items.keys()];
  }

  list(): T[] {
    return [...this.#items.values()];
  }

  entries(): [string, T][] {
    return [...this.#items.entries()];
  }
}

/**
 * What the domains add to one app as their plugins register (app.ts makes them, one set per app): the
 * kinds of notification, the reminder passes, and each domain's parts of the club's export, of a
 * person's export and of deleting an account. Parts are listed under their domain's name.
 */
export interface Registries {
  notificationKinds: Registry<NotificationKind>;
  reminderPasses: Registry<ReminderPass>;
  clubExport: Registry<ClubExportPart>;
  personalExport: Registry<PersonalExportPart>;
  accountDeletion: Registry<AccountDeletionPart>;
}

export function createRegistries(): Registries {
  return {
    notificationKinds: new Registry('notification kind', (name) => /^[a-z][a-z0-9-]{0,39}$/.test(name)),
    reminderPasses: new Registry('reminder pass'),
    clubExport: new Registry('club export part'),
    personalExport: new Registry('personal export part'),
    accountDeletion: new Registry('account deletion part'),
  };
}
