import { IonButton, IonContent, IonSpinner } from '@ionic/react';
import type { ClockEntry } from '@lastman/api';
import { londonDate, londonTime } from '@lastman/api/format';
import { timeOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HttpError } from '../../../lib/http.ts';
import { hasRole, useMe } from '../../../lib/me.ts';
import { showToast } from '../../../lib/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import {
  useClockIn,
  useClockOut,
  useClockStatus,
  useCreateTill,
  useEndBreak,
  useRemoveTill,
  useStartBreak,
  useTills,
} from './clock-api.ts';
import { TillCode } from './till-code.tsx';
import '../rota.css';

const FLAG_TEXT: Record<ClockEntry['flags'][number], string> = {
  no_shift_near: 'no shift near this time',
  auto_closed: 'closed for you: you forgot to clock out',
  without_code: 'without the till code',
};

/** When a till code stops working (its second part is the expiry in Unix seconds); null if unreadable. */
export function codeExpiresAt(token: string): number | null {
  const seconds = token.split('.')[1];
  return seconds && /^\d{1,12}$/.test(seconds) ? Number(seconds) * 1000 : null;
}

const EXPIRED = 'That code has expired: scan the code on the till again.';

/** Clock in and out with one tap; the till's QR code (scanned with the phone's camera) opens this page with it. */
export function ClockinPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get('code') ?? undefined;
  const me = useMe();
  const status = useClockStatus();
  const clockIn = useClockIn();
  const clockOut = useClockOut();
  const startBreak = useStartBreak();
  const endBreak = useEndBreak();
  const isAdmin = hasRole(me.data?.role, 'admin');
  // What the server said of the scanned code (expired, not this club's): shown in place of "ready".
  const [codeRefused, setCodeRefused] = useState<string | null>(null);
  const expiresAt = token ? codeExpiresAt(token) : null;
  // An old link (a photo, a code opened later) says so at once instead of offering to clock in.
  const codeProblem = codeRefused ?? (expiresAt !== null && expiresAt <= Date.now() ? EXPIRED : null);
  const codeReady = Boolean(token) && codeProblem === null;
  const busy = clockIn.isPending || clockOut.isPending || startBreak.isPending || endBreak.isPending;
  const fail = (e: Error) => showToast(e.message, 'error');

  const open = status.data?.open;
  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          {status.isPending ? (
            <InlineLoading label="Checking whether you are clocked in" />
          ) : status.isError ? (
            <p className="form-error" role="alert">
              Your clock-in could not be loaded: {status.error.message}
            </p>
          ) : open ? (
            <section className="card rota-next" aria-labelledby="clocked-in">
              <h2 id="clocked-in">Clocked in since {londonTime(open.clockInAt)}</h2>
              <p className="muted" data-testid="clock-state">
                {open.onBreakSince
                  ? `On a break since ${londonTime(open.onBreakSince)}.`
                  : open.breakMinutes
                    ? `${open.breakMinutes} minutes of breaks so far.`
                    : 'No break yet.'}
              </p>
              <div className="rota-actions">
                {open.onBreakSince ? (
                  <IonButton disabled={busy} onClick={() => endBreak.mutate(undefined, { onError: fail })}>
                    End break
                  </IonButton>
                ) : (
                  <IonButton
                    fill="outline"
                    disabled={busy}
                    onClick={() => startBreak.mutate(undefined, { onError: fail })}
                  >
                    Start break
                  </IonButton>
                )}
                <IonButton
                  color="danger"
                  disabled={busy}
                  onClick={() =>
                    clockOut.mutate(undefined, {
                      onSuccess: (e) =>
                        showToast(`Clocked out at ${londonTime(e.clockOutAt as string)}. Thanks!`),
                      onError: fail,
                    })
                  }
                >
                  Clock out
                </IonButton>
              </div>
            </section>
          ) : (
            <section className="card" aria-labelledby="clock-in-heading">
              <h2 id="clock-in-heading">You are not clocked in</h2>
              {codeProblem ? (
                <p className="form-error" role="alert" data-testid="code-problem">
                  {codeProblem}
                </p>
              ) : token ? (
                <p>The till’s code is ready. Tap to clock in.</p>
              ) : (
                <p>
                  Scan the QR code on the till with your phone’s camera: it opens this page, ready to clock
                  in.
                </p>
              )}
              {codeReady || status.data.canClockWithoutCode ? (
                <IonButton
                  expand="block"
                  disabled={busy}
                  onClick={() =>
                    clockIn.mutate(codeReady ? token : undefined, {
                      onSuccess: (e) => {
                        showToast(`Clocked in at ${londonTime(e.clockInAt)}.`);
                        setParams((p) => {
                          p.delete('code');
                          return p;
                        });
                      },
                      // A code the server will not take is the card's news, not a toast over a card
                      // that still says the code is ready.
                      onError: (e) =>
                        e instanceof HttpError && e.status === 403 && token
                          ? setCodeRefused(e.message)
                          : fail(e),
                    })
                  }
                >
                  {clockIn.isPending ? <IonSpinner name="dots" aria-label="Clocking in" /> : 'Clock in'}
                </IonButton>
              ) : null}
            </section>
          )}

          <IonButton fill="outline" expand="block" routerLink="/myhours">
            My hours, week by week
          </IonButton>

          {status.data?.recent.length ? <RecentEntries recent={status.data.recent} /> : null}

          {isAdmin ? <TillSection /> : null}
          {!status.isPending && !isAdmin && !status.data?.recent.length && !open ? (
            <EmptyState icon={timeOutline} title="Your hours appear here">
              <p>Each clock-in and clock-out, with breaks, for you to check.</p>
            </EmptyState>
          ) : null}
        </div>
      </IonContent>
    </>
  );
}

/** The admin's part: the till's code, shown here or in till mode, and the till devices. */
function TillSection() {
  const [showCode, setShowCode] = useState(false);
  return (
    <section className="card" aria-labelledby="till-heading">
      <h2 id="till-heading">The till’s code</h2>
      <p className="muted">
        Staff clock in by scanning a code shown on a screen behind the bar. It changes every minute; each one
        works for 5 minutes.
      </p>
      <IonButton fill="outline" routerLink="/till">
        Till mode on this device
      </IonButton>
      <IonButton fill="outline" onClick={() => setShowCode((v) => !v)}>
        {showCode ? 'Hide the code' : 'Show the code here'}
      </IonButton>
      {showCode ? <TillCode /> : null}
      <Tills />
    </section>
  );
}

type RecentEntry = NonNullable<ReturnType<typeof useClockStatus>['data']>['recent'][number];

/** The latest clock-ins, with breaks and anything flagged. */
function RecentEntries({ recent }: { recent: RecentEntry[] }) {
  return (
    <section className="card" aria-labelledby="recent-heading">
      <h2 id="recent-heading">Recent</h2>
      {recent.map((e) => (
        <div key={e.id} className="rota-shift" data-testid="clock-entry">
          <div className="rota-shift__main">
            <div className="rota-shift__time">
              {londonDate(e.clockInAt)}: {londonTime(e.clockInAt)}–
              {e.clockOutAt ? londonTime(e.clockOutAt) : 'now'}
            </div>
            <div className="rota-shift__meta">
              {e.breakMinutes ? `${e.breakMinutes} min break` : 'no break'}
              {e.flags.length ? ` · ${e.flags.map((f) => FLAG_TEXT[f]).join(', ')}` : ''}
            </div>
          </div>
        </div>
      ))}
    </section>
  );
}

/** The admin's till devices: a link to open on the device behind the bar, and a way to remove it. */
function Tills() {
  const tills = useTills(true);
  const create = useCreateTill();
  const remove = useRemoveTill();
  const [name, setName] = useState('Bar till');
  const [link, setLink] = useState<string | null>(null);
  return (
    <div>
      <h3 className="rota-day">Till screens</h3>
      {(tills.data?.tills ?? []).map((t) => (
        <div key={t.id} className="rota-shift">
          <div className="rota-shift__main">{t.name}</div>
          <IonButton size="small" fill="clear" color="danger" onClick={() => remove.mutate(t.id)}>
            Remove
          </IonButton>
        </div>
      ))}
      <FormField label="New till screen’s name" name="till-name" value={name} onValue={setName} />
      <IonButton
        disabled={create.isPending || !name.trim()}
        onClick={() =>
          create.mutate(name.trim(), {
            onSuccess: (r) => setLink(r.url),
            onError: (e) => showToast(e.message, 'error'),
          })
        }
      >
        Set up a till screen
      </IonButton>
      {link ? (
        <p className="notice" data-testid="till-link">
          Open this link on the till (once; it is not shown again): <span className="rota-link">{link}</span>
        </p>
      ) : null}
    </div>
  );
}
