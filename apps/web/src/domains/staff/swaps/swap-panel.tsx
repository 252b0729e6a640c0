import { IonButton } from '@ionic/react';
import type { Shift, ShiftSwap } from '@lastman/api';
import { formatDay, londonTime } from '@lastman/api/format';
import { toLondon } from '@lastman/api/time';
import { type FormEvent, useId, useState } from 'react';
import { useMe } from '../../../lib/me.ts';
import { showToast } from '../../../lib/toast.ts';
import { FormError, SelectField } from '../../../ui/form-field.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import {
  useAnswerSwap,
  useClubSwaps,
  useColleagues,
  useDecideSwap,
  useMySwaps,
  useOfferSwap,
  useWithdrawSwap,
} from './swaps-api.ts';

export const SWAP_STATUS: Record<ShiftSwap['status'], string> = {
  offered: 'Waiting for the colleague',
  accepted: 'Accepted, waiting for a manager',
  approved: 'Approved: the rota has changed',
  declined: 'Declined',
  refused: 'Refused by a manager',
  withdrawn: 'Withdrawn',
};

/** The state in words; an offer to anyone waits for a taker, not a named colleague. */
export const statusOf = (s: ShiftSwap) =>
  s.status === 'offered' && s.toUserId === null ? 'Waiting for someone to take it' : SWAP_STATUS[s.status];

/** A swap not yet decided: the one who offered may still withdraw it. */
export const isLive = (s: ShiftSwap) => s.status === 'offered' || s.status === 'accepted';

/** "Cellar, Monday 30 November 17:00–22:00" (London time). */
const shiftLabel = (s: { position: string; startsAt: string; endsAt: string }) =>
  `${s.position}, ${formatDay(toLondon(s.startsAt).date)} ${londonTime(s.startsAt)}–${londonTime(s.endsAt)}`;

export function SwapLine({ swap, children }: { swap: ShiftSwap; children?: React.ReactNode }) {
  return (
    <div className="rota-shift rota-shift--stack" data-testid="swap">
      <div className="rota-shift__main">
        <div className="rota-shift__time">
          {swap.fromName ?? 'Someone'} → {swap.toUserId === null ? 'anyone' : (swap.toName ?? 'someone')}
        </div>
        <div>
          {shiftLabel(swap.shift)}
          {swap.otherShift ? ` for ${shiftLabel(swap.otherShift)}` : ''}
        </div>
        <div className="rota-shift__meta">{statusOf(swap)}</div>
      </div>
      {children}
    </div>
  );
}

/** Yes/no buttons: the colleague's accept/decline, the admin's approve/refuse. */
export function AnswerButtons({
  pending,
  onAnswer,
  yes,
  no,
}: {
  pending: boolean;
  onAnswer: (yes: boolean) => void;
  yes: string;
  no: string;
}) {
  return (
    <div>
      <IonButton size="small" disabled={pending} onClick={() => onAnswer(true)}>
        {yes}
      </IonButton>
      <IonButton size="small" fill="outline" disabled={pending} onClick={() => onAnswer(false)}>
        {no}
      </IonButton>
    </div>
  );
}

export function WithdrawSwapButton({ swap }: { swap: ShiftSwap }) {
  const withdraw = useWithdrawSwap();
  return (
    <IonButton
      size="small"
      fill="clear"
      color="danger"
      disabled={withdraw.isPending}
      aria-label={`Withdraw the swap of ${shiftLabel(swap.shift)}`}
      onClick={() =>
        withdraw.mutate(swap.id, {
          onSuccess: () => showToast('Swap withdrawn: the shift stays yours.'),
          onError: (e) => showToast(e.message, 'error'),
        })
      }
    >
      Withdraw
    </IonButton>
  );
}

const ANYONE = '*';

/**
 * Offers one of the viewer's published shifts to a colleague (or to anyone): given away, or traded for one of the
 * colleague's own coming shifts. The colleague accepts, then a manager approves.
 */
export function SwapOfferForm({ shift, onClose }: { shift: Shift; onClose: () => void }) {
  const headingId = useId();
  const colleagues = useColleagues(true, shift.id);
  const offer = useOfferSwap();
  const [to, setTo] = useState('');
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const person = colleagues.data?.colleagues.find((c) => c.userId === to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (to === ANYONE) {
      setError(null);
      return offer.mutate(
        { shiftId: shift.id },
        {
          onSuccess: () => {
            showToast('Offered to anyone on the staff. The first to take it has it once a manager approves.');
            onClose();
          },
          onError: (err) => setError(err.message),
        },
      );
    }
    if (!person) return setError('Choose the colleague to offer the shift to, or anyone.');
    setError(null);
    offer.mutate(
      { shiftId: shift.id, toUserId: person.userId, ...(other && { otherShiftId: other }) },
      {
        onSuccess: () => {
          showToast(`Offered to ${person.name}. They accept, then a manager approves.`);
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form className="rota-swap-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId} className="rota-day">
        Swap or give away: {shiftLabel(shift)}
      </h3>
      <FormError message={error} />
      {colleagues.isPending ? (
        <InlineLoading label="Loading your colleagues" />
      ) : colleagues.isError ? (
        <p className="form-error" role="alert">
          Your colleagues could not be loaded: {colleagues.error.message}
        </p>
      ) : colleagues.data.colleagues.length === 0 ? (
        <p className="muted">There is no one else on the club’s staff to offer it to.</p>
      ) : (
        <>
          <SelectField
            label="Colleague"
            value={to}
            onValue={(v) => {
              setTo(v);
              setOther('');
            }}
          >
            <option value="">Choose a colleague</option>
            <option value={ANYONE}>Anyone on the staff (give it away)</option>
            {colleagues.data.colleagues.map((c) => {
              // Someone already working then cannot take it: not offered, rather than refused later.
              const busy = c.workingThen === true;
              return (
                <option key={c.userId} value={c.userId} disabled={busy}>
                  {busy ? `${c.name} (working then)` : c.name}
                </option>
              );
            })}
          </SelectField>
          {to === ANYONE ? (
            <p className="muted">
              Everyone else on the staff hears of it; the first to take it has it once a manager approves.
            </p>
          ) : null}
          {person ? (
            person.shifts.length ? (
              <SelectField label="In exchange" value={other} onValue={setOther}>
                <option value="">Nothing: give the shift away</option>
                {person.shifts.map((s) => (
                  <option key={s.id} value={s.id}>
                    Their {shiftLabel(s)}
                  </option>
                ))}
              </SelectField>
            ) : (
              <p className="muted">
                {person.name} has no shifts in the next eight weeks to trade for: the offer gives yours away.
              </p>
            )
          ) : null}
        </>
      )}
      <div className="rota-actions">
        <IonButton type="submit" disabled={offer.isPending || !colleagues.data?.colleagues.length}>
          Send offer
        </IonButton>
        <IonButton fill="outline" onClick={onClose}>
          Cancel
        </IonButton>
      </div>
    </form>
  );
}

/**
 * Swaps in one place: for an admin the swaps to approve and what was decided; for everyone the
 * shifts given to anyone (to take), and their own swaps, either side.
 */
export function SwapsPanel({ isAdmin }: { isAdmin: boolean }) {
  return (
    <>
      {isAdmin ? <SwapsToDecide /> : null}
      <UpForGrabs />
      <MySwaps />
    </>
  );
}

function SwapsToDecide() {
  const swaps = useClubSwaps(true);
  const decide = useDecideSwap();
  const waiting = swaps.data?.swaps.filter((s) => s.status === 'accepted') ?? [];
  const recent = swaps.data?.swaps.filter((s) => s.status !== 'accepted').slice(0, 10) ?? [];
  return (
    <>
      <section className="card" aria-labelledby="swaps-to-decide">
        <h2 id="swaps-to-decide">Swaps to approve</h2>
        {swaps.isPending ? (
          <InlineLoading label="Loading the club’s swaps" />
        ) : swaps.isError ? (
          <p className="form-error" role="alert">
            Swaps could not be loaded: {swaps.error.message}
          </p>
        ) : waiting.length === 0 ? (
          <p className="muted">No swaps waiting for your approval.</p>
        ) : (
          waiting.map((w) => (
            <SwapLine key={w.id} swap={w}>
              <AnswerButtons
                pending={decide.isPending}
                yes="Approve"
                no="Refuse"
                onAnswer={(approve) =>
                  decide.mutate(
                    { id: w.id, approve },
                    {
                      onSuccess: () =>
                        showToast(approve ? 'Swap approved: the rota has changed.' : 'Swap refused.'),
                      onError: (e) => showToast(e.message, 'error'),
                    },
                  )
                }
              />
            </SwapLine>
          ))
        )}
      </section>
      {recent.length ? (
        <section className="card" aria-labelledby="swaps-recent">
          <h2 id="swaps-recent">Other swaps in the club</h2>
          {recent.map((w) => (
            <SwapLine key={w.id} swap={w} />
          ))}
        </section>
      ) : null}
    </>
  );
}

/** Shifts colleagues give to anyone: the first to take one has it once a manager approves. */
function UpForGrabs() {
  const me = useMe();
  const swaps = useMySwaps();
  const answer = useAnswerSwap();
  const myId = me.data?.user.id;
  const open = (swaps.data?.swaps ?? []).filter(
    (w) => w.status === 'offered' && w.toUserId === null && w.fromUserId !== myId,
  );
  return (
    <section className="card" aria-labelledby="up-for-grabs">
      <h2 id="up-for-grabs">Shifts given away</h2>
      {open.length === 0 ? (
        <p className="muted">No colleague is giving a shift away right now.</p>
      ) : (
        open.map((w) => (
          <SwapLine key={w.id} swap={w}>
            <IonButton
              size="small"
              disabled={answer.isPending}
              onClick={() =>
                answer.mutate(
                  { id: w.id, accept: true },
                  {
                    onSuccess: () => showToast('Asked for: a manager approves it next.'),
                    onError: (e) => showToast(e.message, 'error'),
                  },
                )
              }
            >
              Take it
            </IonButton>
          </SwapLine>
        ))
      )}
    </section>
  );
}

/** The viewer's swaps, either side: offers to answer, and their own offers with their state. */
function MySwaps() {
  const me = useMe();
  const swaps = useMySwaps();
  const answer = useAnswerSwap();
  const myId = me.data?.user.id;
  const mine = (swaps.data?.swaps ?? []).filter((w) => w.fromUserId === myId || w.toUserId === myId);
  return (
    <section className="card" aria-labelledby="my-swaps">
      <h2 id="my-swaps">Your swaps</h2>
      {swaps.isPending ? (
        <InlineLoading label="Loading your swaps" />
      ) : swaps.isError ? (
        <p className="form-error" role="alert">
          Your swaps could not be loaded: {swaps.error.message}
        </p>
      ) : mine.length === 0 ? (
        <p className="muted">
          No swaps yet. To swap a shift or give it away, use “Swap or give away” beside it under My shifts.
        </p>
      ) : (
        mine.map((w) => (
          <SwapLine key={w.id} swap={w}>
            {w.status === 'offered' && w.toUserId === myId ? (
              <AnswerButtons
                pending={answer.isPending}
                onAnswer={(accept) =>
                  answer.mutate(
                    { id: w.id, accept },
                    {
                      onSuccess: () =>
                        showToast(accept ? 'Accepted: a manager approves it next.' : 'Declined.'),
                      onError: (e) => showToast(e.message, 'error'),
                    },
                  )
                }
                yes="Accept"
                no="Decline"
              />
            ) : isLive(w) && w.fromUserId === myId ? (
              <WithdrawSwapButton swap={w} />
            ) : null}
          </SwapLine>
        ))
      )}
    </section>
  );
}
