import type {
  ContactMessage,
  ContactMessageInput,
  ContactMessageList,
  ContactMessageQuery,
  ContactReplyInput,
} from '@lastman/api';
import { londonWhenWords } from '@lastman/api/format';
import type { DbOrTx } from '../../../db/client.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { notifyAdmins } from '../../notifications/index.ts';
import { clubForViewer } from '../service.ts';
import {
  countOpenMessages,
  findContactMessage,
  insertContactMessage,
  insertContactReply,
  listContactMessages,
  listContactReplies,
  lockContactMessage,
  setContactMessageDone,
} from './queries.ts';

/** A message goes to the sender's own club when signed in, else to the club of the link they came by. */
export async function submitContactMessage(
  services: Pick<Services, 'db' | 'config' | 'clock' | 'registries'> & Partial<Pick<Services, 'notifier'>>,
  viewer: Viewer | null,
  input: ContactMessageInput,
): Promise<string> {
  const club = await clubForViewer(services.db, {
    slug: viewer ? undefined : input.clubSlug,
    userClubId: viewer?.clubId,
    defaultSlug: services.config.DEFAULT_CLUB,
  });
  const id = await services.db.transaction(async (tx) => {
    const messageId = await insertContactMessage(tx, {
      clubId: club.id,
      userId: viewer?.userId ?? null,
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
    });
    await notifyAdmins(
      { db: tx, clock: services.clock, registries: services.registries },
      {
        clubId: club.id,
        // Nothing of the sender's in the alert: it lives on in admins' lists and inboxes, while the
        // message itself goes when its sender deletes their account.
        title: 'New contact message',
        body: 'Someone has written to the club. Open Admin, then Messages from the contact form: write your reply under the message and it is emailed to them.',
        link: '/admin',
      },
    );
    return messageId;
  });
  void services.notifier?.kick();
  return id;
}

export async function listClubMessages(
  services: Pick<Services, 'db'>,
  viewer: Viewer,
  { status }: ContactMessageQuery,
): Promise<ContactMessageList> {
  const rows = await listContactMessages(services.db, { clubId: viewer.clubId, status, limit: 200 });
  const replies = await listContactReplies(services.db, {
    clubId: viewer.clubId,
    messageIds: rows.map((r) => r.id),
  });
  return {
    messages: rows.map((r) => toMessage(r, replies)),
    openCount: await countOpenMessages(services.db, { clubId: viewer.clubId }),
  };
}

type MessageRow = NonNullable<Awaited<ReturnType<typeof findContactMessage>>>;
type ReplyRow = Awaited<ReturnType<typeof listContactReplies>>[number];

function toMessage(r: MessageRow, replies: ReplyRow[]): ContactMessage {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    status: r.doneAt ? 'done' : 'open',
    doneAt: r.doneAt?.toISOString() ?? null,
    doneByName: r.doneAt ? (r.doneByName ?? 'A former admin') : null,
    replies: replies
      .filter((p) => p.messageId === r.id)
      .map((p) => ({
        id: p.id,
        body: p.body,
        sentByName: p.sentByName,
        sentTo: p.sentTo,
        sentAt: p.createdAt.toISOString(),
      })),
  };
}

async function readMessage(db: DbOrTx, viewer: Viewer, id: string): Promise<ContactMessage> {
  const row = await findContactMessage(db, { clubId: viewer.clubId, id });
  if (!row) throw messageNotFound();
  const replies = await listContactReplies(db, { clubId: viewer.clubId, messageIds: [id] });
  return toMessage(row, replies);
}

const messageNotFound = () =>
  new AppError(
    'NOT_FOUND',
    'That message was not found: it may have been deleted with its sender’s account.',
  );

/**
 * The admin's answer: kept on the message with who wrote it and when, and emailed to the sender
 * once it is kept (replies to the email go to the club's contact address when it has one).
 */
export async function replyToMessage(
  services: Pick<Services, 'db' | 'clock' | 'mailer'>,
  viewer: Viewer,
  { id, reply }: { id: string } & ContactReplyInput,
): Promise<ContactMessage> {
  const { message, email } = await services.db.transaction(async (tx) => {
    const club = await clubForViewer(tx, { userClubId: viewer.clubId, defaultSlug: '' });
    const row = await lockContactMessage(tx, { clubId: viewer.clubId, id });
    if (!row) throw messageNotFound();
    if (!row.email) {
      throw new AppError(
        'CONFLICT',
        'This message has no email address to answer: its sender deleted their account.',
      );
    }
    await insertContactReply(tx, {
      clubId: viewer.clubId,
      messageId: row.id,
      body: reply,
      sentBy: viewer.userId,
      sentByName: viewer.name,
      sentTo: row.email,
      createdAt: services.clock.now(),
    });
    const quoted = row.message
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
    return {
      message: await readMessage(tx, viewer, row.id),
      email: {
        to: row.email,
        subject: `Re: ${row.subject}`,
        text: `Hello ${row.name},\n\n${reply}\n\n${viewer.name}\n${club.name}\n\nYou wrote on ${londonWhenWords(row.createdAt)}:\n${quoted}\n`,
        ...(club.contactEmail && { headers: { 'Reply-To': club.contactEmail } }),
      },
    };
  });
  services.mailer.sendLater(email);
  return message;
}

/** Marks the message dealt with (who and when), or opens it again. */
export async function setMessageDone(
  services: Pick<Services, 'db' | 'clock'>,
  viewer: Viewer,
  { id, done }: { id: string; done: boolean },
): Promise<ContactMessage> {
  return services.db.transaction(async (tx) => {
    const row = await lockContactMessage(tx, { clubId: viewer.clubId, id });
    if (!row) throw messageNotFound();
    // Marking a done message done again keeps who did it first.
    if (done !== (row.doneAt !== null)) {
      await setContactMessageDone(tx, {
        clubId: viewer.clubId,
        id,
        doneAt: done ? services.clock.now() : null,
        doneBy: done ? viewer.userId : null,
      });
    }
    return readMessage(tx, viewer, id);
  });
}
