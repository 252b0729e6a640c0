import { z } from 'zod';
import { Club, Membership } from '../club/club.ts';
import { PhoneNumber, Role, requiredName } from '../common.ts';

export const User = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    /** The number was confirmed with a code by SMS, and may sign in. */
    phoneNumberVerified: z.boolean().optional(),
    dateOfBirth: z.string().nullable(),
    isAnonymous: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/**
 * The person, the club the session acts in and their role there (both null for a person in no
 * club), and every club they belong to (the club switcher).
 */
export const Me = z
  .object({
    user: User,
    club: Club.nullable(),
    role: Role.nullable(),
    clubs: z.array(Membership),
    /** Unread notifications, for the menu's and tab bar's badge. */
    unreadNotifications: z.number().int().optional(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;

export const ProfileUpdate = z
  .object({
    name: requiredName(100, 'must not be empty').optional(),
    phoneNumber: PhoneNumber.nullable().optional(),
    /** null removes the photo; a URL must be the user's own photo route (PUT /api/me/photo sets it). */
    image: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .max(2000)
      .nullable()
      .optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const DeleteAccount = z.object({ password: z.string().min(1, 'is required') }).strict();
