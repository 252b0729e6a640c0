import { z } from 'zod';
import { Id, requiredName } from '../common.ts';

// Clock-in
export const ClockCode = z
  .object({ token: z.string(), expiresAt: z.string(), url: z.string() })
  .meta({ id: 'ClockCode' });
export type ClockCode = z.infer<typeof ClockCode>;
export const ClockInInput = z.object({ token: z.string().max(200).optional() }).strict();
export const ClockEntry = z
  .object({
    id: z.string(),
    userId: z.string(),
    clockInAt: z.string(),
    clockOutAt: z.string().nullable(),
    breakMinutes: z.int(),
    onBreakSince: z.string().nullable(),
    shiftId: z.string().nullable(),
    flags: z.array(z.enum(['no_shift_near', 'auto_closed', 'without_code'])),
  })
  .meta({ id: 'ClockEntry' });
export type ClockEntry = z.infer<typeof ClockEntry>;
export const ClockStatus = z
  .object({ open: ClockEntry.nullable(), canClockWithoutCode: z.boolean(), recent: z.array(ClockEntry) })
  .meta({ id: 'ClockStatus' });
export type ClockStatus = z.infer<typeof ClockStatus>;
export const TillInput = z.object({ name: requiredName(60) }).strict();
export const Till = z
  .object({ id: z.string(), name: z.string(), createdAt: z.string() })
  .meta({ id: 'Till' });
export const TillCreated = z.object({ till: Till, url: z.string() });
export const TillList = z.object({ tills: z.array(Till) });
export const TillIdParams = z.object({ id: Id });
export const ClockSettingInput = z.object({ clockWithoutCode: z.boolean() }).strict();
