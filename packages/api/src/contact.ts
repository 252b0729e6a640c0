import { z } from 'zod';
import { CONTACT_LIMITS } from './rules.ts';

export const ContactMessageInput = z
  .object({
    name: z.string().trim().min(1, 'is required').max(CONTACT_LIMITS.nameMax),
    email: z.email('must be an email address').max(CONTACT_LIMITS.emailMax),
    subject: z.string().trim().min(1, 'is required').max(CONTACT_LIMITS.subjectMax),
    message: z.string().trim().min(CONTACT_LIMITS.messageMin, 'is required').max(CONTACT_LIMITS.messageMax),
    clubSlug: z.string().max(100).optional(),
  })
  .strict();
export type ContactMessageInput = z.infer<typeof ContactMessageInput>;

export const ContactMessage = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof ContactMessage>;
export const ContactMessageList = z.object({ messages: z.array(ContactMessage) });
export type ContactMessageList = z.infer<typeof ContactMessageList>;
