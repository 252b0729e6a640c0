import { IonButton, IonContent } from '@ionic/react';
import type { NotificationPreferences } from '@lastman/api';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { pushFailure } from '../../lib/device-errors.ts';
import { showToast } from '../../lib/toast.ts';
import { FormError } from '../../ui/form-field.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import { notificationKeys, usePreferences, useSavePreferences } from './api/notifications-api.ts';
import { PushDevicesCard } from './push-devices-card.tsx';
import './notifications.css';

const ZONES = [
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'Europe/Madrid',
  'Atlantic/Canary',
  'America/New_York',
  'Australia/Sydney',
];
type Channel = 'push' | 'email' | 'inApp';
const CHANNELS: { key: Channel; label: string }[] = [
  { key: 'push', label: 'Push' },
  { key: 'email', label: 'Email' },
  { key: 'inApp', label: 'In app' },
];

type PushState = 'checking' | 'on' | 'off' | 'denied' | 'ios-home-screen' | 'unsupported';

/** Push on this device: a button that asks for permission only when pressed, or why it cannot work. */
function PushOnThisDevice() {
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(() => {
    let live = true;
    void import('./push/push.ts').then(async (push) => {
      const availability = push.pushAvailability();
      const next: PushState =
        availability !== 'available'
          ? availability
          : 'Notification' in window && Notification.permission === 'denied'
            ? 'denied'
            : (await push.pushIsOn())
              ? 'on'
              : 'off';
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, []);
  const turn = async (on: boolean) => {
    setBusy(true);
    try {
      const push = await import('./push/push.ts');
      if (on) {
        const result = await push.turnOnPush((link) => navigate(link));
        setState(result === 'on' ? 'on' : result === 'denied' ? 'denied' : 'unsupported');
        if (result === 'on') showToast('Push notifications are on for this device.');
      } else {
        await push.turnOffPush();
        setState('off');
      }
      void client.invalidateQueries({ queryKey: notificationKeys.devices() });
    } catch (error) {
      showToast(pushFailure(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="push-heading" data-push-state={state}>
      <h2 id="push-heading">Push on this device</h2>
      {state === 'checking' ? <p className="muted">Checking…</p> : null}
      {state === 'ios-home-screen' ? (
        <p>
          On an iPhone or iPad, notifications work only in the app added to your Home Screen (iOS 16.4 or
          later): tap Share, then Add to Home Screen, open Lastman from there and turn them on. Until then
          everything still appears in your notifications list.
        </p>
      ) : null}
      {state === 'unsupported' ? (
        <p>
          This browser cannot show push notifications. Everything still appears in your notifications list.
        </p>
      ) : null}
      {state === 'denied' ? (
        <p>
          Notifications are blocked for Lastman in this browser's settings. Allow them there, then come back
          here to turn push on.
        </p>
      ) : null}
      {state === 'off' ? (
        <>
          <p className="muted">Get reminders before each deadline even when the app is closed.</p>
          <IonButton disabled={busy} onClick={() => void turn(true)}>
            Turn on push notifications
          </IonButton>
        </>
      ) : null}
      {state === 'on' ? (
        <>
          <p>Push is on for this device.</p>
          <IonButton fill="outline" disabled={busy} onClick={() => void turn(false)}>
            Turn off push on this device
          </IonButton>
        </>
      ) : null}
    </section>
  );
}

export function NotificationSettingsPage() {
  const prefs = usePreferences();
  const save = useSavePreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const form = draft ?? prefs.data ?? null;

  const setKind = (kind: string, channel: Channel, value: boolean) =>
    form &&
    setDraft({ ...form, kinds: form.kinds.map((k) => (k.kind === kind ? { ...k, [channel]: value } : k)) });
  const setQuiet = (patch: Partial<NotificationPreferences['quietHours']>) =>
    form && setDraft({ ...form, quietHours: { ...form.quietHours, ...patch } });

  const submit = () => {
    if (!form) return;
    save.mutate(
      { ...form, kinds: form.kinds.map(({ kind, push, email, inApp }) => ({ kind, push, email, inApp })) },
      {
        onSuccess: () => {
          setDraft(null);
          showToast('Notification settings saved.');
        },
      },
    );
  };

  return (
    <>
      <PageHeader back="/notification-list" />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          <PushOnThisDevice />
          {prefs.isPending ? (
            <InlineLoading label="Loading your settings…" />
          ) : prefs.isError || !form ? (
            <div className="card">
              <p>Your settings could not load: {prefs.error?.message ?? 'please try again.'}</p>
            </div>
          ) : (
            <form
              className="card"
              aria-labelledby="prefs-heading"
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <h2 id="prefs-heading">What reaches you, and how</h2>
              <FormError message={save.error?.message ?? null} />
              <table className="prefs-table">
                <thead>
                  <tr>
                    <th scope="col">Kind</th>
                    {CHANNELS.map((c) => (
                      <th key={c.key} scope="col">
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {form.kinds.map((k) => (
                    <tr key={k.kind} data-kind={k.kind}>
                      <th scope="row">{k.label ?? k.kind}</th>
                      {CHANNELS.map((c) => (
                        <td key={c.key}>
                          <label className="prefs-check">
                            <input
                              type="checkbox"
                              aria-label={`${k.label ?? k.kind} by ${c.label.toLowerCase()}`}
                              checked={k[c.key]}
                              onChange={(e) => setKind(k.kind, c.key, e.target.checked)}
                            />
                          </label>
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="muted">
                Club news by email only if you tick it: that is your consent, and every email has a one-click
                unsubscribe link.
              </p>
              <h3>Quiet hours</h3>
              <div className="prefs-row">
                <label>
                  <input
                    type="checkbox"
                    checked={form.quietHours.enabled}
                    onChange={(e) => setQuiet({ enabled: e.target.checked })}
                  />
                  No push or email during quiet hours
                </label>
              </div>
              <div className="prefs-row">
                <label>
                  From
                  <input
                    type="time"
                    value={form.quietHours.start}
                    disabled={!form.quietHours.enabled}
                    onChange={(e) => setQuiet({ start: e.target.value })}
                  />
                </label>
                <label>
                  to
                  <input
                    type="time"
                    value={form.quietHours.end}
                    disabled={!form.quietHours.enabled}
                    onChange={(e) => setQuiet({ end: e.target.value })}
                  />
                </label>
              </div>
              <div className="prefs-row">
                <label>
                  Time zone
                  <select
                    value={form.timeZone}
                    onChange={(e) => setDraft({ ...form, timeZone: e.target.value })}
                  >
                    {[...new Set([form.timeZone, ...ZONES])].map((z) => (
                      <option key={z} value={z}>
                        {z.replace('_', ' ')}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              <p className="muted">The last call, 30 minutes before a deadline, comes even in quiet hours.</p>
              <IonButton type="submit" disabled={save.isPending || draft === null}>
                Save settings
              </IonButton>
            </form>
          )}
          <PushDevicesCard onSettingsPage />
        </div>
      </IonContent>
    </>
  );
}
