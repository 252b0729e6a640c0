import type { ContactMessageInput } from '@lastman/api';
import { desc, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import type { Services } from '../../services.ts';
import { clubForViewer } from '../clubs/index.ts';

/** A message goes to the sender's own club when signed in, else to the club of the link they came by. */
export async function submitContactMessage(
  services: Pick<Services, 'db' | 'config'>,
  viewer: Viewer | null,
  input: ContactMessageInput,
): Promise<string> {
  const club = await clubForViewer(services.db, {
    slug: viewer ? undefined : input.clubSlug,
    userClubId: viewer?.clubId,
    defaultSlug: services.config.DEFAULT_CLUB,
  });
  const [row] = await services.db
    .insert(contactMessages)
    .values({
      clubId: club.id,
      userId: viewer?.userId ?? null,
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message insert returned nothing');
  return row.id;
}

export async function listClubMessages(db: Db, clubId: string) {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.clubId, clubId))
    .orderBy(desc(contactMessages.createdAt))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
}
