import { IonIcon, IonItem, IonLabel, IonMenuToggle } from '@ionic/react';
import { addCircleOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useMe } from '../lib/me.ts';
import { showError, showToast } from '../lib/toast.ts';
import { paths } from './paths.ts';

const unreadText = (n: number | undefined) => (n ? ` · ${n} unread` : '');

/**
 * The club the person acts in, in the side menu: a choice between their clubs when they have
 * several (the server remembers the last one), and the way to start a club of their own.
 */
export function ClubSwitcher() {
  const me = useMe();
  const [busy, setBusy] = useState(false);
  const clubs = me.data?.clubs ?? [];
  // Unread notifications at the person's other clubs: switching shows them.
  const waiting = clubs.filter((m) => m.club.id !== me.data?.club?.id && (m.unreadNotifications ?? 0) > 0);
  const change = async (clubId: string) => {
    setBusy(true);
    try {
      // Loaded on use: the menu is on the first page, the clubs feature is not.
      const { switchClub } = await import('../domains/club/api/clubs-api.ts');
      await switchClub(clubId);
      const name = clubs.find((m) => m.club.id === clubId)?.club.name;
      if (name) showToast(`Now at ${name}.`);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label="Your clubs" className="club-switcher">
      {clubs.length > 1 ? (
        <label className="club-switcher__label">
          <span>Acting in</span>
          <select
            aria-label="Club you are acting in"
            value={me.data?.club?.id ?? ''}
            disabled={busy}
            onChange={(e) => void change(e.target.value)}
          >
            {me.data?.club ? null : <option value="">Choose a club</option>}
            {clubs.map((m) => (
              <option key={m.club.id} value={m.club.id}>
                {m.club.name} ({m.role}){unreadText(m.unreadNotifications)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {waiting.length > 0 ? (
        <ul className="club-switcher__unread" data-testid="unread-elsewhere">
          {waiting.map((m) => (
            <li key={m.club.id}>
              {m.unreadNotifications} unread at {m.club.name}
            </li>
          ))}
        </ul>
      ) : null}
      {clubs.length <= 1 && me.data && !me.data.club ? (
        <p className="club-switcher__none">
          You are not in a club yet: open a club's link or start your own.
        </p>
      ) : null}
      <IonMenuToggle autoHide={false}>
        <IonItem routerLink={paths.startClub} detail={false} lines="none" data-menu-item="Start a club">
          <IonIcon slot="start" icon={addCircleOutline} aria-hidden="true" />
          <IonLabel className="ion-text-wrap">Run Last Man Standing at your club</IonLabel>
        </IonItem>
      </IonMenuToggle>
    </section>
  );
}
