import { z } from 'zod';
import { Email, requiredName, requiredText } from './common.ts';
import { CONTACT_LIMITS } from './rules.ts';

export const ContactMessageInput = z
  .object({
    name: requiredName(CONTACT_LIMITS.nameMax),
    email: Email,
    subject: requiredName(CONTACT_LIMITS.subjectMax),
    message: requiredText(CONTACT_LIMITS.messageMax),
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
