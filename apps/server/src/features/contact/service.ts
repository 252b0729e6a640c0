import type { ContactMessageInput } from '@lastman/api';
import type { Viewer } from '../../auth/guards.ts';
import type { Services } from '../../services.ts';
import { clubForViewer } from '../clubs/index.ts';
import { notifyAdmins } from '../notifications/index.ts';
import { insertContactMessage, listContactMessages } from './queries.ts';

/** A message goes to the sender's own club when signed in, else to the club of the link they came by. */
export async function submitContactMessage(
  services: Pick<Services, 'db' | 'config' | 'clock'> & Partial<Pick<Services, 'notifier'>>,
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
      { db: tx, clock: services.clock },
      {
        clubId: club.id,
        // Nothing of the sender's in the alert: it lives on in admins' lists and inboxes, while the
        // message itself goes when its sender deletes their account.
        title: 'New contact message',
        body: 'Someone has written to the club. Read it in Admin, under Messages from the contact form, and answer by email from there.',
        link: '/admin',
      },
    );
    return messageId;
  });
  void services.notifier?.kick();
  return id;
}

export async function listClubMessages(services: Pick<Services, 'db'>, viewer: Viewer) {
  const rows = await listContactMessages(services.db, { clubId: viewer.clubId, limit: 200 });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
}
