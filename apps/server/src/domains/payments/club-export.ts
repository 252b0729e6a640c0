import { asc, eq } from 'drizzle-orm';
import type { ClubExportPart } from '../../lib/registries.ts';
import { orders, paymentIssues, refunds } from './schema.ts';

/** The payments' tables in the club's export: orders, refunds and payment issues. */
export const paymentsClubExport: ClubExportPart = async (db, { clubId }) => {
  const [orderRows, refundRows, issueRows] = await Promise.all([
    db.select().from(orders).where(eq(orders.clubId, clubId)).orderBy(asc(orders.createdAt)),
    db.select().from(refunds).where(eq(refunds.clubId, clubId)).orderBy(asc(refunds.createdAt)),
    db.select().from(paymentIssues).where(eq(paymentIssues.clubId, clubId)),
  ]);
  return { orders: orderRows, refunds: refundRows, paymentIssues: issueRows };
};
