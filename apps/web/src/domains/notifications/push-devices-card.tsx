import { IonButton } from '@ionic/react';
import { useDevices } from './api/notifications-api.ts';
import { currentDeviceId } from './push/device.ts';
import './notifications.css';

const SETTINGS = '/notification-settings';

/**
 * Each device's push state: lapsed ones say so and how to fix it. On the account page it links to the
 * settings; on the settings page itself (`onSettingsPage`) it does not link to itself.
 */
export function PushDevicesCard({ onSettingsPage = false }: { onSettingsPage?: boolean }) {
  const devices = useDevices();
  const mine = currentDeviceId();
  return (
    <section className="card" aria-labelledby="push-devices-heading" data-testid="push-devices">
      <h2 id="push-devices-heading">Notifications on your devices</h2>
      {devices.isPending ? (
        <p className="muted">Loading your devices…</p>
      ) : devices.isError ? (
        <p className="muted">Your devices could not load: {devices.error.message}</p>
      ) : devices.data.devices.length === 0 ? (
        <p className="muted">
          Push is not on for any device. Reminders still appear in your notifications list.
        </p>
      ) : (
        <ul className="push-devices">
          {devices.data.devices.map((d) => {
            const here = d.deviceId === mine;
            const name = here ? `this ${d.platform === 'web' ? 'browser' : 'phone'} (${d.label})` : d.label;
            return (
              <li key={d.id} data-device-state={d.state}>
                {d.state === 'on'
                  ? `Push is on for ${name}.`
                  : `Push on ${name} has lapsed: turn it on again${here ? (onSettingsPage ? ' under “Push on this device”' : ' in Settings') : ' on that device'}.`}
              </li>
            );
          })}
        </ul>
      )}
      {onSettingsPage ? null : (
        <IonButton fill="outline" routerLink={SETTINGS}>
          Notification settings
        </IonButton>
      )}
    </section>
  );
}
