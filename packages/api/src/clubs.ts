import { z } from 'zod';
import { EMAIL_PATTERN, PhoneNumber } from './common.ts';
import { CLUB_DETAILS_LIMITS, WEEKDAYS, type Weekday } from './rules.ts';

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
    // Club details (issue 12): shown on the Club tab, edited by its admins.
    address: z.string().nullable(),
    openingHours: OpeningHours.nullable(),
    phone: z.string().nullable(),
    contactEmail: z.string().nullable(),
  })
  .meta({ id: 'Club' });
export type Club = z.infer<typeof Club>;

export const ClubQuery = z.object({ slug: z.string().max(100).optional() });

/** PATCH /api/admin/club: the club's details; each field left out stays as it is, null clears it. */
export const ClubDetailsUpdate = z
  .object({
    address: z.string().max(CLUB_DETAILS_LIMITS.addressMax).trim().nullable().optional(),
    openingHours: OpeningHours.nullable().optional(),
    phone: PhoneNumber.nullable().optional(),
    contactEmail: z
      .email({ pattern: EMAIL_PATTERN, error: 'must be an email address' })
      .max(CLUB_DETAILS_LIMITS.emailMax)
      .nullable()
      .optional(),
  })
  .strict();
export type ClubDetailsUpdate = z.infer<typeof ClubDetailsUpdate>;
