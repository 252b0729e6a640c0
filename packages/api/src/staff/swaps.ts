import { z } from 'zod';
import { Id } from '../common.ts';

// Swaps
export const SwapInput = z
  .object({
    /** The colleague; leave out to give the shift to anyone on the staff who takes it first. */
    toUserId: Id.optional(),
    /** The colleague's shift to take in exchange; leave out to give the shift away. */
    otherShiftId: Id.optional(),
  })
  .strict()
  .refine((v) => v.toUserId !== undefined || v.otherShiftId === undefined, {
    message: 'A swap for another shift names the colleague whose shift it is.',
    path: ['toUserId'],
  });
export type SwapInput = z.infer<typeof SwapInput>;
const SwapShift = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  position: z.string(),
});
export const ShiftSwap = z
  .object({
    id: z.string(),
    shift: SwapShift,
    otherShift: SwapShift.nullable(),
    fromUserId: z.string(),
    fromName: z.string().nullable(),
    /** null: offered to anyone on the staff, until someone takes it. */
    toUserId: z.string().nullable(),
    toName: z.string().nullable(),
    status: z.enum(['offered', 'accepted', 'approved', 'declined', 'refused', 'withdrawn']),
    createdAt: z.string(),
  })
  .meta({ id: 'ShiftSwap' });
export type ShiftSwap = z.infer<typeof ShiftSwap>;
export const ShiftSwapList = z.object({ swaps: z.array(ShiftSwap) });
export const ShiftSwapCreated = z.object({ swap: ShiftSwap });
export const SwapIdParams = z.object({ id: Id });
export const SwapAnswer = z.object({ accept: z.boolean() }).strict();
export const SwapDecision = z.object({ approve: z.boolean() }).strict();
/** A colleague to offer a shift to: their name and their own coming published shifts, nothing else. */
export const Colleague = z
  .object({
    userId: z.string(),
    name: z.string(),
    shifts: z.array(SwapShift),
    /** Asked with `forShift`: they work a shift of their own at the same time (not offered it). */
    workingThen: z.boolean().optional(),
  })
  .meta({ id: 'Colleague' });
/** GET /api/staff/colleagues?forShift=: the viewer's shift to offer, so each says if they work then. */
export const ColleagueQuery = z.object({ forShift: z.string().max(100).optional() });
export type Colleague = z.infer<typeof Colleague>;
export const ColleagueList = z.object({ colleagues: z.array(Colleague) });
