import { z } from 'zod';
import { Email, Id, PhoneNumber, Role, requiredName, requiredText } from '../common.ts';
import { CLUB_DETAILS_LIMITS, CLUB_SLUG, RESERVED_SLUGS, WEEKDAYS, type Weekday } from './rules.ts';

const ClockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM (24-hour)');

/** One day's hours, London time; a close before the open is after midnight. */
export const OpeningTimes = z.object({ open: ClockTime, close: ClockTime }).strict();
export type OpeningTimes = z.infer<typeof OpeningTimes>;

/** The week's hours by weekday, Monday to Sunday: each day's times, or null on a day the club is closed. */
export const OpeningHours = z
  .object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, OpeningTimes.nullable()])) as Record<
      Weekday,
      z.ZodNullable<typeof OpeningTimes>
    >,
  )
  .strict();
export type OpeningHours = z.infer<typeof OpeningHours>;

export const Club = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    primaryColor: z.string(),
    secondaryColor: z.string(),
    logoUrl: z.string().nullable(),
    // Club details: shown on the Club tab, edited by its admins.
    address: z.string().nullable(),
    openingHours: OpeningHours.nullable(),
    phone: z.string().nullable(),
    contactEmail: z.string().nullable(),
  })
  .meta({ id: 'Club' });
export type Club = z.infer<typeof Club>;

export const ClubQuery = z.object({ slug: z.string().max(100).optional() });

// Tenants: a club signs up, its settings, memberships.
export const JoinPolicy = z.enum(['code', 'link']);
export type JoinPolicy = z.infer<typeof JoinPolicy>;

export const ClubSlug = z
  .string()
  .regex(
    CLUB_SLUG,
    'must be 3 to 40 lower-case letters, digits and dashes, starting and ending with a letter or digit',
  )
  .refine((s) => !RESERVED_SLUGS.includes(s), 'is a word the app uses: choose another');

/**
 * Characters that turn the direction of text (marks, embeddings, overrides, isolates): in a club's
 * name they would make it read as something else in every list, email and text it appears in.
 */
const DIRECTION_CONTROLS = /^[^\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]*$/;

/** A club's name: one line, and no characters that turn the direction of the text. */
const ClubName = requiredName(100, 'must not be empty').regex(
  DIRECTION_CONTROLS,
  'must not hold right-to-left marks or overrides',
);

export const ClubCreate = z
  .object({
    name: ClubName,
    slug: ClubSlug,
    address: requiredText(300).optional(),
  })
  .strict();
export type ClubCreate = z.infer<typeof ClubCreate>;

export const ClubCreated = z
  .object({ club: z.object({ id: z.string(), slug: z.string(), name: z.string(), joinCode: z.string() }) })
  .meta({ id: 'ClubCreated' });
export type ClubCreated = z.infer<typeof ClubCreated>;

/** A colour as #rrggbb; one too pale for white text is darkened until it is readable (readableClubColor). */
const ClubColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #rrggbb');

/**
 * PATCH /api/admin/club: any of these; each field left out stays as it is. The settings (name,
 * colours, join policy; `logo: null` removes the logo, PUT /api/admin/club/logo sets one) and the
 * details shown on the Club tab (address, opening hours, phone, email; null clears one).
 */
export const ClubSettingsUpdate = z
  .object({
    name: ClubName,
    primaryColor: ClubColor,
    secondaryColor: ClubColor,
    logo: z.null(),
    joinPolicy: JoinPolicy,
    address: z.string().max(CLUB_DETAILS_LIMITS.addressMax).trim().nullable(),
    openingHours: OpeningHours.nullable(),
    phone: PhoneNumber.nullable(),
    contactEmail: Email.nullable(),
  })
  .partial()
  .strict();
export type ClubSettingsUpdate = z.infer<typeof ClubSettingsUpdate>;
/** The club details' part of the one PATCH /api/admin/club body (the menu branch's name for it). */
export const ClubDetailsUpdate = ClubSettingsUpdate;
export type ClubDetailsUpdate = ClubSettingsUpdate;

/** The club as its admins see it: with the join code, the link and how joining works. */
export const ClubSettings = Club.extend({
  joinCode: z.string(),
  joinPolicy: JoinPolicy,
  /** The link that joins the club (with the code when the club asks for it): the poster's QR code. */
  joinUrl: z.string(),
}).meta({ id: 'ClubSettings' });
export type ClubSettings = z.infer<typeof ClubSettings>;

/**
 * A new club's set-up steps (GET /api/admin/club/setup), each ticked from the club's own state, not
 * from a box its admin ticks: taking card payments is the payments domain's (GET /api/admin/stripe-account).
 */
export const ClubSetup = z
  .object({
    /** Its colours or logo differ from a new club's. */
    colours: z.boolean(),
    /** It has a competition (any state). */
    competition: z.boolean(),
    /** A player has joined (by the poster's QR code, the link or the code). */
    poster: z.boolean(),
    /** Someone on its staff besides its admins. */
    staff: z.boolean(),
    /** A TV screen paired and not removed. */
    tv: z.boolean(),
  })
  .meta({ id: 'ClubSetup' });
export type ClubSetup = z.infer<typeof ClubSetup>;

export const ClubClose = z.object({ confirmSlug: z.string().max(100) }).strict();
export const ClubExportQuery = z.object({ format: z.enum(['json', 'csv']).default('json') });

export const Membership = z
  .object({
    club: Club,
    role: Role,
    /** In the person's list of clubs (GET /api/me): their unread notifications there. */
    unreadNotifications: z.number().int().optional(),
  })
  .meta({ id: 'Membership' });
export type Membership = z.infer<typeof Membership>;

/** Join another club as a player: by its link (when it allows that) or its code. */
export const ClubJoin = z
  .object({ slug: z.string().max(100).optional(), joinCode: z.string().max(20).optional() })
  .strict();
export type ClubJoin = z.infer<typeof ClubJoin>;
export const ClubSwitch = z.object({ clubId: Id }).strict();
export const ClubIdParams = z.object({ clubId: Id });
/** A club by its web address name (/api/clubs/:slug/...: the logo, the events' calendar feed). */
export const ClubSlugParams = z.object({ slug: z.string().max(100) });
