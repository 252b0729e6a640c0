import type { Role } from '@lastman/api';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { user } from '../account/read-model.ts';
import { clubScreens, competitions } from '../game/read-model.ts';
import { invitations, memberships } from './members/schema.ts';
import { clubLogos, clubs, DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from './schema.ts';

export type ClubRow = typeof clubs.$inferSelect;

export async function findClubBySlug(db: DbOrTx, slug: string): Promise<ClubRow | undefined> {
  const [row] = await db.select().from(clubs).where(eq(clubs.slug, slug)).limit(1);
  return row;
}

export async function findClubByJoinCode(db: DbOrTx, joinCode: string): Promise<ClubRow | undefined> {
  const [row] = await db.select().from(clubs).where(eq(clubs.joinCode, joinCode.toUpperCase())).limit(1);
  return row;
}

export async function findClubById(db: DbOrTx, id: string): Promise<ClubRow | undefined> {
  const [row] = await db.select().from(clubs).where(eq(clubs.id, id)).limit(1);
  return row;
}

/**
 * Another club whose name is the same as `name` but for letter case and spacing (runs of white space
 * as one space, none at the ends).
 */
export async function findClubNamed(
  db: DbOrTx,
  { name, exceptClubId }: { name: string; exceptClubId?: string | undefined },
): Promise<ClubRow | undefined> {
  const [row] = await db
    .select()
    .from(clubs)
    .where(
      and(
        sql`${sameName(sql`${clubs.name}`)} = ${sameName(sql`${name}`)}`,
        ...(exceptClubId ? [sql`${clubs.id} <> ${exceptClubId}`] : []),
      ),
    )
    .limit(1);
  return row;
}

/** A name as compared with others: white space runs as one space, trimmed, in lower case. */
function sameName(name: SQL): SQL {
  return sql`lower(btrim(regexp_replace(cast(${name} as text), '\\s+', ' ', 'g')))`;
}

/** Every club still open, by slug: the public pages' sitemap lists them. */
export async function listOpenClubs(db: DbOrTx): Promise<ClubRow[]> {
  return db.select().from(clubs).where(isNull(clubs.closedAt)).orderBy(asc(clubs.slug));
}

export async function insertClub(db: DbOrTx, values: typeof clubs.$inferInsert): Promise<ClubRow> {
  const [row] = await db.insert(clubs).values(values).returning();
  if (!row) throw new Error('club insert returned nothing');
  return row;
}

// Tenants: memberships, settings, logos, invitations.

/** Every club the person belongs to that is still open, with their role, oldest first. */
export async function listMembershipsOf(db: DbOrTx, { userId }: { userId: string }) {
  return db
    .select({ club: clubs, role: memberships.role })
    .from(memberships)
    .innerJoin(clubs, and(eq(clubs.id, memberships.clubId), isNull(clubs.closedAt)))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
}

export async function insertMembership(
  db: DbOrTx,
  { clubId, userId, role }: { clubId: string; userId: string; role: Role },
) {
  await db.insert(memberships).values({ clubId, userId, role }).onConflictDoNothing();
}

export async function findMembershipRow(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.clubId, clubId), eq(memberships.userId, userId)))
    .for('update');
  return row;
}

export async function setMembershipRole(
  db: DbOrTx,
  { clubId, userId, role }: { clubId: string; userId: string; role: Role },
) {
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.clubId, clubId), eq(memberships.userId, userId)));
}

export async function deleteMembership(db: DbOrTx, { clubId, userId }: { clubId: string; userId: string }) {
  await db.delete(memberships).where(and(eq(memberships.clubId, clubId), eq(memberships.userId, userId)));
}

/** The club's admins, locked: the last admin's checks read this under the lock. */
export async function lockAdmins(db: DbOrTx, { clubId }: { clubId: string }): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.clubId, clubId), eq(memberships.role, 'admin')))
    .for('update');
  return rows.map((r) => r.userId);
}

/**
 * Who started the club: its oldest membership (made with the club, in one transaction), the
 * person's account and id breaking a tie between members added together (the demo's seed).
 */
export async function findFounder(db: DbOrTx, { clubId }: { clubId: string }) {
  const [row] = await db
    .select({ userId: memberships.userId, role: memberships.role, name: user.name })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(eq(memberships.clubId, clubId))
    .orderBy(asc(memberships.createdAt), asc(user.createdAt), asc(memberships.userId))
    .limit(1);
  return row;
}

export async function listMemberIds(db: DbOrTx, { clubId }: { clubId: string }): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.clubId, clubId));
  return rows.map((r) => r.userId);
}

export async function updateClub(
  db: DbOrTx,
  { clubId, values }: { clubId: string; values: Partial<typeof clubs.$inferInsert> },
) {
  const [row] = await db.update(clubs).set(values).where(eq(clubs.id, clubId)).returning();
  return row;
}

export async function findLogo(db: DbOrTx, { clubId }: { clubId: string }) {
  const [row] = await db.select().from(clubLogos).where(eq(clubLogos.clubId, clubId)).limit(1);
  return row;
}

export async function saveLogo(db: DbOrTx, values: typeof clubLogos.$inferInsert) {
  await db
    .insert(clubLogos)
    .values(values)
    .onConflictDoUpdate({
      target: clubLogos.clubId,
      set: { contentType: values.contentType, bytes: values.bytes, updatedAt: values.updatedAt },
    });
}

export async function deleteLogo(db: DbOrTx, { clubId }: { clubId: string }) {
  await db.delete(clubLogos).where(eq(clubLogos.clubId, clubId));
}

export async function insertInvitation(db: DbOrTx, values: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(values).returning({ id: invitations.id });
  if (!row) throw new Error('invitation insert returned nothing');
  return row.id;
}

const pendingColumns = {
  id: invitations.id,
  role: invitations.role,
  channel: invitations.channel,
  sentTo: invitations.sentTo,
  sentAt: invitations.sentAt,
  expiresAt: invitations.expiresAt,
  createdByName: user.name,
};

/** The club's invitations not yet accepted, withdrawn or expired, the last sent first. */
export async function listPendingInvitations(db: DbOrTx, { clubId, now }: { clubId: string; now: Date }) {
  return db
    .select(pendingColumns)
    .from(invitations)
    .leftJoin(user, eq(user.id, invitations.createdBy))
    .where(
      and(
        eq(invitations.clubId, clubId),
        isNull(invitations.usedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.sentAt))
    .limit(200);
}

/** One invitation of the club as the pending list shows it (whatever its state). */
export async function findInvitationListed(db: DbOrTx, { clubId, id }: { clubId: string; id: string }) {
  const [row] = await db
    .select(pendingColumns)
    .from(invitations)
    .leftJoin(user, eq(user.id, invitations.createdBy))
    .where(and(eq(invitations.clubId, clubId), eq(invitations.id, id)));
  return row;
}

/** One invitation of the club by its id, locked for a change (sent again, withdrawn). */
export async function lockInvitationById(db: DbOrTx, { clubId, id }: { clubId: string; id: string }) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.clubId, clubId), eq(invitations.id, id)))
    .for('update');
  return row;
}

export async function updateInvitation(
  db: DbOrTx,
  {
    clubId,
    id,
    values,
  }: {
    clubId: string;
    id: string;
    values: Partial<
      Pick<typeof invitations.$inferInsert, 'tokenHash' | 'expiresAt' | 'sentAt' | 'revokedAt' | 'revokedBy'>
    >;
  },
) {
  await db
    .update(invitations)
    .set(values)
    .where(and(eq(invitations.clubId, clubId), eq(invitations.id, id)));
}

/** An invitation by its token's hash, locked (it is used once). */
export async function findInvitation(db: DbOrTx, { tokenHash }: { tokenHash: string }) {
  const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
  return row;
}

export async function lockInvitation(db: DbOrTx, { tokenHash }: { tokenHash: string }) {
  const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).for('update');
  return row;
}

export async function markInvitationUsed(
  db: DbOrTx,
  { invitationId, userId, at }: { invitationId: string; userId: string; at: Date },
) {
  await db.update(invitations).set({ usedAt: at, usedBy: userId }).where(eq(invitations.id, invitationId));
}

/** The club's members, by name; `search` matches name or email, case-insensitively. */
export async function listClubMembers(
  db: DbOrTx,
  { clubId, search }: { clubId: string; search?: string | undefined },
) {
  const term = search?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: memberships.role,
      emailVerified: user.emailVerified,
      createdAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(
      and(
        eq(memberships.clubId, clubId),
        eq(user.isAnonymous, false),
        pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined,
      ),
    )
    .orderBy(asc(user.name), asc(user.id));
}

/** A deleted account belongs to no club any more (its entries and orders stay, under its anonymous id). */
export async function deleteMembershipsOf(db: DbOrTx, userId: string) {
  await db.delete(memberships).where(eq(memberships.userId, userId));
}

export async function countLiveCompetitions(db: DbOrTx, { clubId }: { clubId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(competitions)
    .where(and(eq(competitions.clubId, clubId), inArray(competitions.status, ['open', 'running'])));
  return row?.n ?? 0;
}

export async function findClubName(db: DbOrTx, { clubId }: { clubId: string }): Promise<string | undefined> {
  const [row] = await db.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, clubId));
  return row?.name;
}

/** The names of the clubs, by club id (the clubs orders were paid to). */
export async function clubNamesOf(tx: DbOrTx, clubIds: string[]): Promise<Map<string, string>> {
  if (clubIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: clubs.id, name: clubs.name })
    .from(clubs)
    .where(inArray(clubs.id, [...new Set(clubIds)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The set-up checklist's facts about a club, in one statement (each an EXISTS that stops at its first row). */
export async function clubSetupFacts(db: DbOrTx, { clubId }: { clubId: string }) {
  const hasRole = (role: 'player' | 'staff') =>
    sql<boolean>`exists (select 1 from ${memberships} where ${memberships.clubId} = ${clubId} and ${memberships.role} = ${role})`;
  const [row] = await db
    .select({
      colours: sql<boolean>`(${clubs.primaryColor} <> ${DEFAULT_PRIMARY_COLOR} or ${clubs.secondaryColor} <> ${DEFAULT_SECONDARY_COLOR} or ${clubs.logoUrl} is not null)`,
      competition: sql<boolean>`exists (select 1 from ${competitions} where ${competitions.clubId} = ${clubId})`,
      poster: hasRole('player'),
      staff: hasRole('staff'),
      tv: sql<boolean>`exists (select 1 from ${clubScreens} where ${clubScreens.clubId} = ${clubId} and ${clubScreens.pairedAt} is not null and ${clubScreens.revokedAt} is null)`,
    })
    .from(clubs)
    .where(eq(clubs.id, clubId));
  return row;
}

/** Whether one of the club's admins has confirmed their email address or phone number. */
export async function hasConfirmedAdmin(db: DbOrTx, { clubId }: { clubId: string }): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(
      and(
        eq(memberships.clubId, clubId),
        eq(memberships.role, 'admin'),
        or(eq(user.emailVerified, true), eq(user.phoneNumberVerified, true)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
