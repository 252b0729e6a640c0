import type { PaymentIssue } from '@lastman/api';
import type { Viewer } from '../../../http/guards.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { listIssues, resolveIssue } from '../orders/index.ts';
import type { paymentIssues } from '../schema.ts';

function issueView(r: typeof paymentIssues.$inferSelect): PaymentIssue {
  return {
    id: r.id,
    orderId: r.orderId,
    kind: r.kind,
    detail: r.detail,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolutionNote: r.resolutionNote,
  };
}

/** The club's payments needing attention: by default those not resolved yet. */
export async function paymentIssuesOf(
  services: Pick<Services, 'db'>,
  admin: Viewer,
  status: 'open' | 'resolved' | 'all' = 'open',
): Promise<PaymentIssue[]> {
  return (await listIssues(services.db, { clubId: admin.clubId }, status)).map(issueView);
}

/** An admin marks an issue dealt with, with an optional note; resolving twice keeps the first. */
export async function resolvePaymentIssue(
  services: Pick<Services, 'db' | 'clock'>,
  admin: Viewer,
  id: string,
  note: string | undefined,
): Promise<PaymentIssue> {
  const row = await resolveIssue(
    services.db,
    { clubId: admin.clubId, issueId: id },
    {
      userId: admin.userId,
      note: note || null,
      at: services.clock.now(),
    },
  );
  if (!row) throw notFound('That payment issue');
  return issueView(row);
}
