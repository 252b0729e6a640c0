import { IonButton } from '@ionic/react';
import {
  type AdminEntryView,
  PICKS_AFTER_DEADLINE,
  paidHowLabels,
  removalText,
  shortOrderNumber,
} from '@lastman/api';
import { formatPence, londonDateTime } from '@lastman/api/format';
import { type FormEvent, useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { useIonAlert } from '../../../lib/use-ion-alert.ts';
import { CheckboxField, FormError, FormField, SelectField } from '../../../ui/form-field.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useRoundFixtures } from '../api/game-api.ts';
import {
  useClubMembers,
  useCompetitionEntries,
  useKnockOut,
  usePickForEntry,
  useRecordBuyBack,
  useRecordCashEntry,
  useRefundEntry,
  useReinstate,
} from './api/entries-admin-api.ts';

/** The club picks for name-only players in this round, until its deadline. */
export interface PickWindow {
  round: number;
  /** UTC ISO; null for a round without one. */
  deadline: string | null;
}

function pickText(p: AdminEntryView['picks'][number]): string {
  // A pick of someone else's entry before the round's deadline: made, the team not shown.
  if (p.teamName === null) return `R${p.round} picked`;
  return `R${p.round} ${p.teamName}${p.auto ? ' (auto)' : ''}`;
}

const statusLabels: Record<AdminEntryView['status'], string> = {
  pending: 'Awaiting payment',
  active: 'In',
  eliminated: 'Out',
  won: 'Won',
  refunded: 'Refunded',
};

function statusText(e: AdminEntryView): string {
  if (e.status === 'refunded') return statusLabels.refunded;
  if (e.removed && e.eliminatedRound === e.removed.fromRound)
    return `Removed from round ${e.removed.fromRound}`;
  if (e.status === 'eliminated' && e.eliminatedRound !== null) return `Out in round ${e.eliminatedRound}`;
  return statusLabels[e.status];
}

/** Who is in a competition: each entry's player, status, picks and how it was paid, with search. */
export function EntriesPanel({
  competitionId,
  cashFeePence,
  pickWindow,
}: {
  competitionId: string;
  /** The entry fee when the competition takes cash entries now (open and paid); null otherwise. */
  cashFeePence: number | null;
  /** The round open for picks now, if any. */
  pickWindow: PickWindow | null;
}) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const list = useCompetitionEntries(competitionId, search);
  const headingId = `entries-${competitionId}`;
  return (
    <section className="entries-admin" aria-labelledby={headingId} data-testid="entries-admin">
      <h3 id={headingId}>Entries{list.data ? ` (${list.data.entries.length})` : ''}</h3>
      <p className="small muted" data-testid="picks-after-deadline">
        {PICKS_AFTER_DEADLINE}
      </p>
      <form
        className="toolbar"
        aria-label="Search entries"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(typed.trim());
        }}
      >
        <FormField label="Player" name="entries-search" value={typed} onValue={setTyped} type="search" />
        <IonButton type="submit" size="small">
          Search
        </IonButton>
      </form>
      {cashFeePence !== null ? <CashEntryForm competitionId={competitionId} feePence={cashFeePence} /> : null}
      {list.isPending ? (
        <InlineLoading />
      ) : list.isError ? (
        <p role="alert">{list.error.message}</p>
      ) : list.data.entries.length === 0 ? (
        <p className="muted small">{search ? 'No entries match.' : 'No entries yet.'}</p>
      ) : (
        <div className="table-scroll">
          <table className="picks-table entries-table">
            <caption className="visually-hidden">Entries</caption>
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">Status</th>
                <th scope="col">Picks</th>
                <th scope="col">Paid</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.entries.map((e) => (
                <EntryRow
                  key={e.id}
                  competitionId={competitionId}
                  entry={e}
                  fromRound={list.data.knockOutFromRound}
                  pickWindow={pickWindow}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function EntryRow({
  competitionId,
  entry: e,
  fromRound,
  pickWindow,
}: {
  competitionId: string;
  entry: AdminEntryView;
  fromRound: number | null;
  pickWindow: PickWindow | null;
}) {
  const [knocking, setKnocking] = useState(false);
  const [picking, setPicking] = useState(false);
  const [reason, setReason] = useState('');
  const [withRefund, setWithRefund] = useState(false);
  const knockOut = useKnockOut(competitionId);
  const reinstate = useReinstate(competitionId);
  const name = e.entryNumber === null ? e.playerName : `${e.playerName} (${e.entryNumber})`;
  const { refund, buyBack, askRefund, askBuyBack } = useEntryAlerts(competitionId, e, name);
  const removedNow =
    e.status === 'eliminated' && e.removed !== null && e.eliminatedRound === e.removed.fromRound;
  const failure = knockOut.error ?? reinstate.error ?? refund.error ?? buyBack.error ?? null;
  return (
    <>
      <tr data-entry={e.id}>
        <th scope="row">
          {name}
          {e.nameOnly ? <span className="tag small">Name only</span> : null}
        </th>
        <td>
          {statusText(e)}
          {e.removed ? (
            <p className="small muted">
              {removalText(e.removed)} ({e.removed.byName ?? 'a former admin'}, {londonDateTime(e.removed.at)}
              )
            </p>
          ) : null}
        </td>
        <td className="small">{e.picks.length === 0 ? '–' : e.picks.map(pickText).join(' · ')}</td>
        <td className="small">
          {paidHowLabels[e.paidHow]}
          {e.orderId ? <span className="muted"> · {shortOrderNumber(e.orderId)}</span> : null}
          {e.tillReference ? <p className="small">Till ref: {e.tillReference}</p> : null}
        </td>
        <td>
          {e.nameOnly && e.status === 'active' && pickWindow !== null && !picking ? (
            <IonButton size="small" fill="outline" onClick={() => setPicking(true)}>
              Pick for this entry
            </IonButton>
          ) : null}
          {e.status === 'active' && fromRound !== null && !knocking ? (
            <IonButton size="small" fill="outline" color="danger" onClick={() => setKnocking(true)}>
              Knock out
            </IonButton>
          ) : null}
          {e.buyBackOffer ? (
            <IonButton
              size="small"
              fill="outline"
              disabled={buyBack.isPending}
              onClick={() => e.buyBackOffer && askBuyBack(e.buyBackOffer)}
            >
              {e.buyBackOffer.pricePence > 0
                ? `Cash buy-back ${formatPence(e.buyBackOffer.pricePence)}`
                : 'Rejoin free'}
            </IonButton>
          ) : null}
          {removedNow && fromRound !== null ? (
            <IonButton
              size="small"
              fill="outline"
              disabled={reinstate.isPending}
              onClick={() => reinstate.mutate(e.id, { onSuccess: () => showToast(`${name} is back in.`) })}
            >
              Reinstate
            </IonButton>
          ) : null}
          {removedNow && e.refundPence !== null && e.orderId !== null ? (
            <IonButton
              size="small"
              fill="outline"
              color="danger"
              disabled={refund.isPending}
              onClick={() => e.orderId && e.refundPence !== null && askRefund(e.orderId, e.refundPence)}
            >
              Refund {formatPence(e.refundPence)}
            </IonButton>
          ) : null}
        </td>
      </tr>
      {picking && pickWindow !== null ? (
        <tr>
          <td colSpan={5}>
            <PickForEntryForm
              competitionId={competitionId}
              entry={e}
              name={name}
              window={pickWindow}
              onDone={() => setPicking(false)}
            />
          </td>
        </tr>
      ) : null}
      {knocking || failure ? (
        <tr>
          <td colSpan={5}>
            {knocking && fromRound !== null ? (
              <KnockOutForm
                entry={e}
                name={name}
                fromRound={fromRound}
                knockOut={knockOut}
                onClose={() => setKnocking(false)}
                reason={reason}
                setReason={setReason}
                withRefund={withRefund}
                setWithRefund={setWithRefund}
              />
            ) : null}
            <FormError message={failure?.message ?? null} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** Why the entry is knocked out, with a refund where one is due. */
function KnockOutForm({
  entry: e,
  name,
  fromRound,
  knockOut,
  onClose,
  reason,
  setReason,
  withRefund,
  setWithRefund,
}: {
  entry: AdminEntryView;
  name: string;
  fromRound: number;
  knockOut: ReturnType<typeof useKnockOut>;
  onClose: () => void;
  reason: string;
  setReason: (reason: string) => void;
  withRefund: boolean;
  setWithRefund: (on: boolean) => void;
}) {
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    knockOut.mutate(
      { entryId: e.id, reason: reason.trim(), refund: withRefund && e.refundPence !== null },
      {
        onSuccess: (done) => {
          onClose();
          setReason('');
          setWithRefund(false);
          const refunded = done.refund
            ? done.refund.status === 'succeeded'
              ? ` ${formatPence(done.refund.amountPence)} refunded.`
              : done.refund.status === 'pending'
                ? ` The refund of ${formatPence(done.refund.amountPence)} is waiting for Stripe's answer.`
                : ` The refund failed: ${done.refund.failureReason ?? 'no reason given'}. It is listed under payments needing attention.`
            : '';
          showToast(`${name} knocked out from round ${fromRound}.${refunded}`);
        },
      },
    );
  };
  return (
    <form className="knock-out" onSubmit={submit} aria-label={`Knock out ${name}`}>
      <FormField
        label={`Why is ${name} knocked out?`}
        name="reason"
        value={reason}
        onValue={setReason}
        rows={2}
        helper={`The player is told this. It takes effect from round ${fromRound}: that round's result does not count for the entry.`}
      />
      {e.refundPence !== null ? (
        <CheckboxField
          label={`Refund ${formatPence(e.refundPence)} to the player`}
          checked={withRefund}
          onChange={setWithRefund}
        />
      ) : null}
      <div className="button-row">
        <IonButton
          type="submit"
          size="small"
          color="danger"
          disabled={knockOut.isPending || reason.trim().length < 3}
        >
          Knock out from round {fromRound}
        </IonButton>
        <IonButton
          size="small"
          fill="clear"
          onClick={() => {
            onClose();
            knockOut.reset();
          }}
        >
          Cancel
        </IonButton>
      </div>
    </form>
  );
}

/** The entry's refund and buy-back, each asked for in an alert first. */
function useEntryAlerts(competitionId: string, e: AdminEntryView, name: string) {
  const refund = useRefundEntry(competitionId);
  const buyBack = useRecordBuyBack(competitionId);
  const [presentAlert] = useIonAlert();
  const askRefund = (orderId: string, pence: number) =>
    void presentAlert({
      header: `Refund ${name}?`,
      message: `${formatPence(pence)} goes back to ${e.playerName}${e.paidHow === 'cash' ? ' in cash, over the bar' : "'s card"}.`,
      buttons: [
        { text: 'Keep', role: 'cancel' },
        {
          text: 'Refund',
          role: 'destructive',
          handler: () =>
            refund.mutate(
              { orderId, entryId: e.id },
              { onSuccess: () => showToast(`Refunded ${formatPence(pence)} to ${e.playerName}.`) },
            ),
        },
      ],
    });
  const askBuyBack = (offer: NonNullable<AdminEntryView['buyBackOffer']>) =>
    void presentAlert({
      header: offer.pricePence > 0 ? `Cash buy-back for ${name}?` : `Rejoin ${name}?`,
      message:
        offer.pricePence > 0
          ? `${e.playerName} paid ${formatPence(offer.pricePence)} in cash at the bar, and is 18 or over: the entry is back in at once, with no lives, its used teams still used.`
          : 'The entry is back in at once, free, with no lives, its used teams still used.',
      inputs: offer.pricePence > 0 ? [{ name: 'reference', placeholder: 'Till reference (optional)' }] : [],
      buttons: [
        { text: 'Cancel', role: 'cancel' },
        {
          text: offer.pricePence > 0 ? 'Record cash' : 'Rejoin',
          handler: (values?: { reference?: string }) =>
            buyBack.mutate(
              { entryId: e.id, reference: values?.reference?.trim() || undefined },
              { onSuccess: () => showToast(`${name} is bought back in.`) },
            ),
        },
      ],
    });
  return { refund, buyBack, askRefund, askBuyBack };
}

/**
 * The admin picks for a name-only player's entry (a regular without the app), in the round open for
 * picks: the same deadline and one-team-per-entry rules as a player's own pick (the server checks).
 */
function PickForEntryForm({
  competitionId,
  entry: e,
  name,
  window,
  onDone,
}: {
  competitionId: string;
  entry: AdminEntryView;
  name: string;
  window: PickWindow;
  onDone: () => void;
}) {
  const fixtures = useRoundFixtures(competitionId, window.round);
  const pick = usePickForEntry(competitionId);
  const current = e.picks.find((p) => p.round === window.round)?.teamName ?? null;
  const used = new Map(
    e.picks.filter((p) => p.round !== window.round && p.teamName).map((p) => [p.teamName, p.round]),
  );
  const [teamId, setTeamId] = useState('');
  const teams = (fixtures.data?.fixtures ?? [])
    .filter((f) => !f.rescheduledOut)
    .flatMap((f) => [f.home, f.away])
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
  return (
    <form
      className="pick-for-entry"
      aria-label={`Pick for ${name}`}
      onSubmit={(ev) => {
        ev.preventDefault();
        pick.mutate(
          { entryId: e.id, round: window.round, teamId },
          {
            onSuccess: (done) => {
              showToast(`${name}: ${done.teamName} picked for round ${done.round}.`);
              onDone();
            },
          },
        );
      }}
    >
      {fixtures.isPending ? (
        <InlineLoading />
      ) : (
        <SelectField
          label={`Team for round ${window.round}`}
          name="teamId"
          value={teamId}
          onValue={setTeamId}
        >
          <option value="">Choose a team</option>
          {teams.map((t) => {
            const usedIn = used.get(t.name);
            return (
              <option key={t.id} value={t.id} disabled={usedIn !== undefined}>
                {t.name}
                {usedIn !== undefined ? ` (used in round ${usedIn})` : ''}
              </option>
            );
          })}
        </SelectField>
      )}
      <p className="small muted">
        {current ? `Picked now: ${current}. ` : ''}
        {window.deadline ? `Picks close ${londonDateTime(window.deadline)}.` : ''} One team per entry, as for
        every player.
      </p>
      <FormError message={pick.error?.message ?? fixtures.error?.message ?? null} />
      <div className="button-row">
        <IonButton type="submit" size="small" disabled={pick.isPending || !teamId}>
          Save pick
        </IonButton>
        <IonButton
          size="small"
          fill="clear"
          onClick={() => {
            pick.reset();
            onDone();
          }}
        >
          Cancel
        </IonButton>
      </div>
    </form>
  );
}

/**
 * Entries paid for in cash at the bar, recorded by the admin: for a member, or for a regular without
 * the app by name only (no account: the club picks for their entries).
 */
function CashEntryForm({ competitionId, feePence }: { competitionId: string; feePence: number }) {
  const members = useClubMembers();
  const record = useRecordCashEntry(competitionId);
  const [open, setOpen] = useState(false);
  const [who, setWho] = useState<'member' | 'name'>('member');
  const [userId, setUserId] = useState('');
  const [playerName, setPlayerName] = useState('');
  const [adult, setAdult] = useState(false);
  const [count, setCount] = useState('1');
  const [reference, setReference] = useState('');
  const entries = Number.parseInt(count, 10) || 0;
  if (!open) {
    return (
      <IonButton size="small" fill="outline" onClick={() => setOpen(true)}>
        Record a cash entry
      </IonButton>
    );
  }
  const close = () => {
    setOpen(false);
    record.reset();
  };
  const ready = who === 'member' ? userId !== '' : playerName.trim().length >= 2 && adult;
  return (
    <form
      className="cash-entry"
      aria-label="Record a cash entry"
      onSubmit={(ev) => {
        ev.preventDefault();
        if (!ready) return;
        // Sent only once the box is ticked (the button waits for it).
        const player =
          who === 'member' ? { userId } : { playerName: playerName.trim(), confirmsAdult: true as const };
        record.mutate(
          { ...player, entries, ...(reference.trim() ? { reference: reference.trim() } : {}) },
          {
            onSuccess: (done) => {
              showToast(`Cash entry recorded: order ${done.shortNumber}, ${formatPence(done.amountPence)}.`);
              setUserId('');
              setPlayerName('');
              setAdult(false);
              setCount('1');
              setReference('');
              setOpen(false);
            },
          },
        );
      }}
    >
      <fieldset className="choice-row">
        <legend className="field__label">Who paid</legend>
        <label className="check-field">
          <input type="radio" name="cash-who" checked={who === 'member'} onChange={() => setWho('member')} />
          <span>Someone with the app</span>
        </label>
        <label className="check-field">
          <input type="radio" name="cash-who" checked={who === 'name'} onChange={() => setWho('name')} />
          <span>Someone without the app (name only)</span>
        </label>
      </fieldset>
      {who === 'member' ? (
        <SelectField label="Member" name="userId" value={userId} onValue={setUserId}>
          <option value="">Choose a member</option>
          {(members.data?.members ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.name} ({m.email})
            </option>
          ))}
        </SelectField>
      ) : (
        <>
          <FormField
            label="Their name"
            name="playerName"
            value={playerName}
            onValue={setPlayerName}
            helper="No account is made: they never sign in. You pick for their entry each round."
          />
          <CheckboxField label="They are 18 or over" checked={adult} onChange={setAdult} />
        </>
      )}
      <FormField
        label="Entries"
        name="entries"
        value={count}
        onValue={setCount}
        inputMode="numeric"
        helper={entries > 0 ? `${formatPence(feePence * entries)} paid in cash` : undefined}
      />
      <FormField
        label="Till reference (optional)"
        name="reference"
        value={reference}
        onValue={setReference}
        helper="As typed at the till: shown in the entries list."
      />
      <FormError message={record.error?.message ?? null} />
      <div className="button-row">
        <IonButton type="submit" size="small" disabled={record.isPending || !ready || entries < 1}>
          Record cash entry
        </IonButton>
        <IonButton size="small" fill="clear" onClick={close}>
          Cancel
        </IonButton>
      </div>
    </form>
  );
}
