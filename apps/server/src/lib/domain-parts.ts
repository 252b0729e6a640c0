import type { DbOrTx } from '../db/client.ts';

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

/**
 * Parts that domains contribute, each under its domain's name, in the order the domains register them.
 * A domain's plugin registers its parts; each app built in one process does it again, so the same part
 * again is a no-op, while another part under a domain's name already taken is refused.
 */
function partsOf<Part>(what: string) {
  const parts = new Map<string, Part>();
  return {
    register(domain: string, part: Part): void {
      const known = parts.get(domain);
      if (known && known !== part)
        throw new Error(`the ${what} of ${domain} is registered twice, differently`);
      parts.set(domain, part);
    },
    list: (): Part[] => [...parts.values()],
  };
}

const clubExport = partsOf<ClubExportPart>('club export part');
const accountDeletion = partsOf<AccountDeletionPart>('account deletion part');
const personalExport = partsOf<PersonalExportPart>('personal export part');

export const registerClubExportPart = clubExport.register;
export const clubExportParts = clubExport.list;
export const registerAccountDeletionPart = accountDeletion.register;
export const accountDeletionParts = accountDeletion.list;
export const registerPersonalExportPart = personalExport.register;
export const personalExportParts = personalExport.list;
