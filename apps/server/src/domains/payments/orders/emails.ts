import type { Order } from '@lastman/api';
import { formatPence, londonNumeric, orderItems, orderLine } from '@lastman/api/format';
import { describeVariants } from '@lastman/api/game/rules';
import type { Email } from '../../../lib/mailer.ts';
import type { Services } from '../../../services.ts';
import { findUser } from '../../account/index.ts';

const money = formatPence;

export const orderEmails = {
  receipt(to: { email: string; name: string }, order: Order): Email {
    const lines = [
      `Hello ${to.name},`,
      '',
      `Thank you: your payment to ${order.clubName} for ${orderItems(order)} in ${order.competitionName} went through.`,
      '',
      `Paid to: ${order.clubName}`,
      `Order: ${order.shortNumber}`,
      order.provider === 'cash'
        ? `Paid in cash at ${order.clubName}.`
        : order.cardLast4
          ? `Card: ending ${order.cardLast4}`
          : '',
      `Bought: ${orderLine(order)}`,
      `Total paid: ${money(order.amountPence)}`,
      `Paid on: ${londonNumeric(order.paidAt ?? order.createdAt)}`,
      order.provider === 'test' ? '\nTest payments: no real money was taken.' : '',
      '',
      ...describeVariants(order.variants).map((line) => `${line.label}: ${line.text}`),
      '',
      'Good luck with your picks!',
      `${order.clubName}, on Lastman`,
    ];
    return { to: to.email, subject: `Receipt: ${order.competitionName}`, text: lines.join('\n') };
  },
  refund(to: { email: string; name: string }, order: Order, amountPence: number, reason: string): Email {
    const lines = [
      `Hello ${to.name},`,
      '',
      `${order.clubName} has refunded ${money(amountPence)} of your order ${order.shortNumber} (${order.competitionName}).`,
      `Reason: ${reason}`,
      `Refunded so far: ${money(order.refundedPence)} of ${money(order.amountPence)}.`,
      order.cardLast4 && order.provider !== 'cash' ? `To the card ending ${order.cardLast4}.` : '',
      order.provider === 'cash'
        ? `You paid in cash: ${order.clubName} gives it back to you in cash.`
        : 'Card refunds usually reach your account within 5 to 10 working days.',
      order.provider === 'test' ? '\nTest payments: no real money was moved.' : '',
      '',
      `${order.clubName}, on Lastman`,
    ];
    return { to: to.email, subject: `Refund: ${order.competitionName}`, text: lines.join('\n') };
  },
};

/** Sends an email to the player in the background (never to a guest account). */
export async function sendReceipt(
  services: Pick<Services, 'db' | 'mailer'>,
  userId: string,
  build: (to: { email: string; name: string }) => Email,
) {
  const u = await findUser(services.db, { userId });
  if (!u || u.isAnonymous) return;
  services.mailer.sendLater(build({ email: u.email, name: u.name }));
}
