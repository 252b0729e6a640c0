import { z } from 'zod';
import { EMAIL_PATTERN, requiredText } from './common.ts';

export const ContactMessageInput = z
  .object({
    name: requiredText(100),
    email: z.email({ pattern: EMAIL_PATTERN, error: 'must be an email address' }).max(254),
    subject: requiredText(200),
    message: requiredText(5000),
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
export const ContactMessageList = z.object({ messages: z.array(ContactMessage) });
