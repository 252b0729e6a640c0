import { z } from 'zod';

export const ErrorResponse = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Role = z.enum(['player', 'staff', 'admin']);
export type Role = z.infer<typeof Role>;

/** A calendar date as `YYYY-MM-DD` that really exists. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'is not a real date');

export const PhoneNumber = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'must be a phone number, such as +44 7700 900123');

/** A row's id: every id the API hands out is a UUID, so anything else is refused before a query. */
export const Id = z.uuid('must be an id as the API gives it (a UUID)');
