import { z } from 'zod';
import { EMAIL_PATTERN, PhoneNumber } from './common.ts';
import { CLUB_DETAILS_LIMITS, WEEKDAYS } from './rules.ts';

const ClockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM (24-hour)');

/** One weekday's hours, London time; `open` and `close` both null on a day the club is closed. A close before the open is after midnight. */
export const OpeningDay = z
  .object({ day: z.enum(WEEKDAYS), open: ClockTime.nullable(), close: ClockTime.nullable() })
  .strict()
  .refine((d) => (d.open === null) === (d.close === null), {
    message: 'give both the opening and the closing time, or neither for a closed day',
  });
export type OpeningDay = z.infer<typeof OpeningDay>;

/** Monday to Sunday, each day once and in order. */
export const OpeningHours = z
  .array(OpeningDay)
  .length(7, 'must list the seven days, Monday to Sunday')
  .refine((days) => days.every((d, i) => d.day === WEEKDAYS[i]), 'must list the days in order, Monday first');
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
    openingHours: z.array(OpeningDay).nullable(),
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
