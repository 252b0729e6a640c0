import type { PersonalExportPart } from '../../lib/registries.ts';
import { contactMessagesOfUser, contactRepliesTo } from './contact/queries.ts';

/** The person's messages to the club through the contact form, each with the club's replies. */
export const clubPersonalExport: PersonalExportPart = async (db, at) => {
  const messages = await contactMessagesOfUser(db, at);
  const replies = await contactRepliesTo(db, { clubId: at.clubId, messageIds: messages.map((m) => m.id) });
  return {
    contactMessages: messages.map(({ clubId: _c, userId: _u, doneBy: _d, ...m }) => ({
      ...m,
      replies: replies.filter((r) => r.messageId === m.id).map(({ messageId: _m, ...r }) => r),
    })),
  };
};
