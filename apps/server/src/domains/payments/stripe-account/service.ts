import type { ClubPaymentAccount } from '@lastman/api';
import type { DbOrTx } from '../../../db/client.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { findClubName } from '../../club/index.ts';
import type { ConnectedAccountState, OnAccount } from './account.ts';
import {
  type ClubStripeAccountRow,
  findClubAccount,
  findClubOfAccount,
  insertClubAccount,
  updateAccountState,
} from './queries.ts';

type ConnectServices = Pick<Services, 'db' | 'config' | 'clock' | 'payments'>;
type ConnectConfig = Pick<Services['config'], 'STRIPE_CONNECT' | 'STRIPE_APPLICATION_FEE_PERCENT'>;

/** Where the admin screen lives: Stripe sends the admin back here after its hosted onboarding. */
export const PAYMENTS_ADMIN_PATH = '/admin';

export function connectMode(services: Pick<Services, 'config' | 'payments'>): ClubPaymentAccount['mode'] {
  if (services.payments.kind === 'test') return 'test';
  return services.config.STRIPE_CONNECT ? 'connect' : 'platform';
}

function describe(mode: ClubPaymentAccount['mode'], row: ClubStripeAccountRow | undefined): string {
  if (mode === 'test') return 'This server takes test payments only (no Stripe keys): no real money moves.';
  if (mode === 'platform') return "Card payments go to this service's own Stripe account.";
  if (!row) {
    return "Connect your club's Stripe account to take entry fees: until then you cannot open a paid competition. Free competitions work as usual.";
  }
  if (row.chargesEnabled) {
    return row.payoutsEnabled
      ? "Your club's Stripe account takes entry fees and pays them out to your bank."
      : "Your club's Stripe account takes entry fees; Stripe needs more details before it pays them out to your bank.";
  }
  return row.detailsSubmitted
    ? 'Stripe is checking the details you gave; paid competitions can open as soon as it enables card payments.'
    : 'Finish setting up your Stripe account to take entry fees: until then you cannot open a paid competition.';
}

export function paymentAccountView(
  services: Pick<Services, 'config' | 'payments'>,
  row: ClubStripeAccountRow | undefined,
): ClubPaymentAccount {
  const mode = connectMode(services);
  return {
    mode,
    accountId: row?.accountId ?? null,
    chargesEnabled: row?.chargesEnabled ?? false,
    payoutsEnabled: row?.payoutsEnabled ?? false,
    detailsSubmitted: row?.detailsSubmitted ?? false,
    requirementsDue: row?.requirementsDue ?? [],
    canTakePayments: mode !== 'connect' || row?.chargesEnabled === true,
    message: describe(mode, row),
    applicationFeePercent: mode === 'connect' ? services.config.STRIPE_APPLICATION_FEE_PERCENT : 0,
    stateUpdatedAt: row ? row.stateUpdatedAt.toISOString() : null,
  };
}

export async function clubPaymentAccount(
  services: ConnectServices,
  viewer: Viewer,
): Promise<ClubPaymentAccount> {
  return paymentAccountView(services, await findClubAccount(services.db, { clubId: viewer.clubId }));
}

function requireConnect(services: Pick<Services, 'config' | 'payments'>) {
  if (connectMode(services) !== 'connect') {
    throw new AppError(
      'CONFLICT',
      'This server does not use Stripe Connect: there is no club Stripe account to set up.',
    );
  }
}

/**
 * A link to Stripe's hosted onboarding for the club's account, made on first use. Stripe's
 * idempotency key (per club) makes a retried or concurrent first call create one account only.
 */
export async function startOnboarding(services: ConnectServices, viewer: Viewer): Promise<{ url: string }> {
  requireConnect(services);
  let row = await findClubAccount(services.db, { clubId: viewer.clubId });
  try {
    if (!row) {
      const name = (await findClubName(services.db, { clubId: viewer.clubId })) ?? 'Lastman club';
      const accountId = await services.payments.createAccount({
        id: viewer.clubId,
        name,
        email: viewer.email,
      });
      await insertClubAccount(services.db, {
        clubId: viewer.clubId,
        accountId,
        now: services.clock.now(),
      });
      row = await findClubAccount(services.db, { clubId: viewer.clubId });
    }
    if (!row) throw new Error('the club account was not recorded');
    const back = `${services.config.PUBLIC_URL}${PAYMENTS_ADMIN_PATH}`;
    const url = await services.payments.accountLink(row.accountId, {
      refreshUrl: `${back}?stripe=refresh`,
      returnUrl: `${back}?stripe=return`,
    });
    return { url };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Stripe could not be reached to set up your account. Please try again in a minute.',
      err,
    );
  }
}

/** Asks Stripe for the account's state now (after the admin comes back from onboarding). */
export async function refreshClubAccount(
  services: ConnectServices,
  viewer: Viewer,
): Promise<ClubPaymentAccount> {
  requireConnect(services);
  const row = await findClubAccount(services.db, { clubId: viewer.clubId });
  if (!row) return paymentAccountView(services, row);
  let state: ConnectedAccountState;
  try {
    state = await services.payments.retrieveAccount(row.accountId);
  } catch (err) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Stripe could not be reached to check your account. Please try again in a minute.',
      err,
    );
  }
  const updated = await recordAccountState(services.db, state, services.clock.now());
  return paymentAccountView(services, updated ?? row);
}

/** `account.updated` (or a refresh): the club's account state as Stripe reports it. */
export function recordAccountState(db: DbOrTx, state: ConnectedAccountState, now: Date) {
  return updateAccountState(db, {
    accountId: state.accountId,
    chargesEnabled: state.chargesEnabled,
    payoutsEnabled: state.payoutsEnabled,
    detailsSubmitted: state.detailsSubmitted,
    requirementsDue: state.requirementsDue,
    stateUpdatedAt: now,
  });
}

/** The club a connected account's webhook event belongs to, if any. */
export async function clubOfAccount(db: DbOrTx, accountId: string): Promise<string | undefined> {
  return (await findClubOfAccount(db, { accountId }))?.clubId;
}

/**
 * Where a club's entry money goes: in a Connect deployment its own charges-enabled account (else
 * the club is refused, saying why); otherwise the platform's account or the test provider.
 */
export async function paymentAccountFor(
  db: DbOrTx,
  config: ConnectConfig,
  { clubId, amountPence }: { clubId: string; amountPence: number },
): Promise<{ account: OnAccount; applicationFeePence: number }> {
  if (!config.STRIPE_CONNECT) return { account: null, applicationFeePence: 0 };
  const row = await findClubAccount(db, { clubId });
  if (!row?.chargesEnabled) throw notReady(row);
  const fee = Math.floor((amountPence * config.STRIPE_APPLICATION_FEE_PERCENT) / 100);
  return { account: row.accountId, applicationFeePence: Math.min(fee, amountPence - 1) };
}

/** Refuses a paid competition while the club cannot take its entry fees (Connect deployments). */
export async function requireClubCanTakePayments(
  db: DbOrTx,
  config: ConnectConfig,
  { clubId }: { clubId: string },
): Promise<void> {
  if (!config.STRIPE_CONNECT) return;
  const row = await findClubAccount(db, { clubId });
  if (!row?.chargesEnabled) throw notReady(row);
}

function notReady(row: ClubStripeAccountRow | undefined) {
  return new AppError(
    'CLUB_PAYMENTS_NOT_READY',
    row
      ? "The club's Stripe account cannot take card payments yet: an admin must finish setting it up (Admin, Payments) before a paid competition can open or take entries. A free competition can open now."
      : 'The club has not connected a Stripe account, so it cannot take entry fees: an admin must connect one (Admin, Payments) before a paid competition can open. A free competition can open now.',
  );
}
