import { IonButton, IonIcon } from '@ionic/react';
import type { ClubPaymentAccount, ClubSetup } from '@lastman/api';
import { checkmarkCircle, ellipseOutline, informationCircleOutline } from 'ionicons/icons';
import { paths } from '../../../app/paths.ts';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useStripeAccount } from '../../payments/index.ts';
import { useClubSetup } from '../api/clubs-api.ts';
import './setup-checklist.css';

type State = 'done' | 'todo' | 'info';

interface Step {
  key: string;
  state: State;
  title: string;
  /** What ticks it, or what there is to know. */
  detail: string;
  link: { to: string; label: string };
}

/** The step of card payments, from the payments domain's account: what to do, if anything. */
function paymentsStep(account: ClubPaymentAccount | undefined): Step {
  const link = { to: paths.admin, label: 'Admin: card payments' };
  const title = 'Take entry fees by card (Stripe)';
  if (!account) return { key: 'payments', state: 'todo', title, detail: 'Checking…', link };
  if (account.mode === 'test')
    return {
      key: 'payments',
      state: 'info',
      title,
      detail: 'This server takes test payments only: no real money moves until it is given Stripe keys.',
      link,
    };
  if (account.mode === 'platform')
    return { key: 'payments', state: 'done', title, detail: 'Card payments are set up for you.', link };
  return {
    key: 'payments',
    state: account.chargesEnabled ? 'done' : 'todo',
    title: 'Connect your club’s Stripe account',
    detail: account.chargesEnabled
      ? 'Your Stripe account takes entry fees.'
      : 'Needed before a paid competition can open; free competitions work now.',
    link,
  };
}

/** Where the pot's money goes, in plain words, for the way this server takes payments. */
function moneyPath(account: ClubPaymentAccount | undefined): string {
  const payOut =
    'The prize pot is the entry fees less the house share you set on each competition: you pay the winner yourself (cash over the bar or a bank transfer) and record it on the competition’s payouts; the house share stays with the pub.';
  if (!account) return payOut;
  if (account.mode === 'connect') {
    const fee =
      account.applicationFeePercent > 0
        ? `, less Stripe’s fees and this service’s ${account.applicationFeePercent}%`
        : ', less Stripe’s fees';
    return `Players pay entry fees by card straight into your club’s own Stripe account; Stripe pays them into your bank account (usually within a few working days${fee}). ${payOut}`;
  }
  if (account.mode === 'platform')
    return `Players pay entry fees by card into this service’s Stripe account, which passes them on to the club. ${payOut}`;
  return `Here no real money moves (test payments). With Stripe, players pay entry fees by card into your club’s own Stripe account and Stripe pays them into your bank. ${payOut}`;
}

function stepsOf(setup: ClubSetup, account: ClubPaymentAccount | undefined): Step[] {
  const tick = (done: boolean): State => (done ? 'done' : 'todo');
  return [
    {
      key: 'colours',
      state: tick(setup.colours),
      title: 'Your colours or logo',
      detail: 'Ticked once the club’s colours or logo are its own.',
      link: { to: paths.adminClub, label: 'Club settings: colours and logo' },
    },
    {
      key: 'competition',
      state: tick(setup.competition),
      title: 'Your first competition',
      detail: 'Ticked once you have made one (it can stay a draft until you open it).',
      link: { to: paths.admin, label: 'Admin: competitions' },
    },
    {
      key: 'poster',
      state: tick(setup.poster),
      title: 'Put up the poster',
      detail: 'Its QR code joins your club: ticked when the first player joins.',
      link: { to: paths.adminPoster, label: 'Open the poster to print' },
    },
    {
      key: 'staff',
      state: tick(setup.staff),
      title: 'Invite your staff',
      detail: 'Ticked once someone joins as staff (rota, clock-in, menu).',
      link: { to: paths.adminMembers, label: 'Members: invite staff' },
    },
    {
      key: 'tv',
      state: tick(setup.tv),
      title: 'Show the game on the pub’s TV',
      detail: 'Open the TV page on the TV’s browser and pair it with its code: ticked once one is paired.',
      link: { to: paths.admin, label: 'Admin: TV screens' },
    },
    paymentsStep(account),
  ];
}

const icons: Record<State, string> = {
  done: checkmarkCircle,
  todo: ellipseOutline,
  info: informationCircleOutline,
};

/**
 * A new club's set-up checklist: each step ticks itself from the club's state (GET
 * /api/admin/club/setup, and the Stripe account's), never from a box the admin ticks. With
 * `untilDone`, it is not shown once every step is done.
 */
export function SetupChecklist({ untilDone = false }: { untilDone?: boolean }) {
  const setup = useClubSetup();
  const account = useStripeAccount();
  if (setup.isPending) return <InlineLoading label="Loading your set-up steps…" />;
  if (setup.isError) return null;
  const steps = stepsOf(setup.data, account.data);
  // A step there is nothing to do about (test payments) is told, not counted.
  const counted = steps.filter((s) => s.state !== 'info');
  const done = counted.filter((s) => s.state === 'done').length;
  if (untilDone && done === counted.length) return null;
  return (
    <section
      className="card setup-checklist"
      aria-labelledby="setup-checklist-heading"
      data-testid="setup-checklist"
    >
      <h2 id="setup-checklist-heading">Set up your club</h2>
      <p className="muted">
        {done === counted.length ? 'All done: your club is ready.' : `${done} of ${counted.length} done.`}
      </p>
      <ul className="list-plain setup-checklist__steps">
        {steps.map((s) => (
          <li
            key={s.key}
            className={`setup-checklist__step setup-checklist__step--${s.state}`}
            data-step={s.key}
          >
            <IonIcon icon={icons[s.state]} aria-hidden="true" />
            <div>
              <strong>
                {s.title}
                <span className="visually-hidden">
                  {s.state === 'done' ? ' (done)' : s.state === 'todo' ? ' (to do)' : ''}
                </span>
              </strong>
              <p className="small">{s.detail}</p>
              <IonButton fill="clear" className="setup-checklist__link" routerLink={s.link.to}>
                {s.link.label}
              </IonButton>
            </div>
          </li>
        ))}
      </ul>
      <h3>Where the money goes</h3>
      <p data-testid="money-path">{moneyPath(account.data)}</p>
    </section>
  );
}
