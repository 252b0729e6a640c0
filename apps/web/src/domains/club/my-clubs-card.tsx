import { IonButton, IonIcon } from '@ionic/react';
import type { Membership } from '@lastman/api';
import { exitOutline } from 'ionicons/icons';
import { useMe } from '../../lib/me.ts';
import { showError, showToast } from '../../lib/toast.ts';
import { useIonAlert } from '../../lib/use-ion-alert.ts';
import { useLeaveClub } from './api/clubs-api.ts';
import './clubs.css';

/** What leaving does, as the server does it (club/service.ts leaveClub). */
function leavingWords(m: Membership): string {
  const admin =
    m.role === 'admin'
      ? ' A club needs an admin: if you are its only one, make someone else admin first.'
      : '';
  return (
    'You will no longer be a member: no picks, bookings or orders there. Your entries and orders there ' +
    "stay yours, but an entry still playing can no longer pick, so its competition's rule for a missed " +
    `pick applies. To come back, join again with the club's code or link.${admin}`
  );
}

/** The person's clubs, each with the way to leave it (the side menu's switcher chooses between them). */
export function MyClubsCard() {
  const me = useMe();
  const leave = useLeaveClub();
  const [presentAlert] = useIonAlert();
  const clubs = me.data?.clubs ?? [];
  if (clubs.length === 0) return null;
  const confirmLeave = (m: Membership) =>
    void presentAlert({
      header: `Leave ${m.club.name}?`,
      message: leavingWords(m),
      buttons: [
        { text: 'Stay', role: 'cancel' },
        {
          text: 'Leave',
          role: 'destructive',
          handler: () =>
            leave.mutate(m.club.id, {
              onSuccess: () => showToast(`You have left ${m.club.name}.`),
              onError: showError,
            }),
        },
      ],
    });
  return (
    <section className="card" aria-labelledby="my-clubs-heading" data-testid="my-clubs">
      <h2 id="my-clubs-heading">Your clubs</h2>
      <ul className="my-clubs">
        {clubs.map((m) => (
          <li key={m.club.id} className="my-clubs__club" data-club={m.club.name}>
            <div className="my-clubs__name">
              <strong>{m.club.name}</strong>
              <span className="muted">
                {m.role}
                {m.club.id === me.data?.club?.id ? ' · acting here now' : ''}
              </span>
            </div>
            <IonButton
              fill="outline"
              color="danger"
              size="small"
              disabled={leave.isPending}
              onClick={() => confirmLeave(m)}
            >
              <IonIcon slot="start" icon={exitOutline} aria-hidden="true" />
              Leave {m.club.name}
            </IonButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
