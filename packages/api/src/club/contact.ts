import { z } from 'zod';
import { Email, Id, requiredName, requiredText } from '../common.ts';
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

/** An admin's answer, as emailed to the sender. */
export const ContactReply = z
  .object({
    id: z.string(),
    body: z.string(),
    sentByName: z.string(),
    sentTo: z.string(),
    sentAt: z.string(),
  })
  .meta({ id: 'ContactReply' });
export type ContactReply = z.infer<typeof ContactReply>;

export const ContactMessageStatus = z.enum(['open', 'done']);
export type ContactMessageStatus = z.infer<typeof ContactMessageStatus>;

export const ContactMessage = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    createdAt: z.string(),
    status: ContactMessageStatus,
    /** When and by whom it was marked done (null while open). */
    doneAt: z.string().nullable(),
    doneByName: z.string().nullable(),
    replies: z.array(ContactReply),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof ContactMessage>;
export const ContactMessageList = z.object({
  messages: z.array(ContactMessage),
  /** How many of the club's messages are open, whatever the filter. */
  openCount: z.int(),
});
export type ContactMessageList = z.infer<typeof ContactMessageList>;

/** The admin's list: `all` (open ones first), only `open`, or only `done`. */
export const ContactMessageQuery = z
  .object({ status: z.enum(['all', 'open', 'done']).default('all') })
  .strict();
export type ContactMessageQuery = z.infer<typeof ContactMessageQuery>;
export const ContactMessageParams = z.object({ id: Id });

export const ContactReplyInput = z
  .object({ reply: requiredText(CONTACT_LIMITS.messageMax, 'is empty: write your answer before sending it') })
  .strict();
export type ContactReplyInput = z.infer<typeof ContactReplyInput>;

export const ContactMessageUpdate = z.object({ done: z.boolean() }).strict();
export type ContactMessageUpdate = z.infer<typeof ContactMessageUpdate>;

export const ContactMessageResult = z.object({ message: ContactMessage });
export type ContactMessageResult = z.infer<typeof ContactMessageResult>;
