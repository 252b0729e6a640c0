import { IonButton, IonIcon } from '@ionic/react';
import { shareSocialOutline } from 'ionicons/icons';
import { nativeApiOrigin } from '../../../lib/api.ts';
import { isNative } from '../../../lib/platform.ts';
import { showToast } from '../../../lib/toast.ts';

/** The club's own link: whoever signs up through it joins this club. */
export function clubLink(slug: string): string {
  const origin = isNative() ? nativeApiOrigin : window.location.origin;
  return `${origin}/c/${encodeURIComponent(slug)}`;
}

/** Share the club's link: the phone's share sheet where there is one, the clipboard otherwise. */
export function InviteFriends({ clubName, slug }: { clubName: string; slug: string }) {
  const invite = async () => {
    const url = clubLink(slug);
    const text = `Join me in ${clubName}'s Last Man Standing: pick one team a week, last one in wins.`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${clubName} Last Man Standing`, text, url });
        return;
      } catch (error) {
        // The player closed the share sheet: nothing to say.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      showToast(`Link copied: ${url}`);
    } catch {
      showToast(`Copy this link to invite friends: ${url}`, 'error');
    }
  };
  return (
    <section className="card invite" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite friends</h2>
      <p className="muted small">
        Anyone who signs up through {clubName}&rsquo;s link joins the club and can play.
      </p>
      <IonButton fill="outline" onClick={() => void invite()} data-testid="invite-friends">
        <IonIcon slot="start" icon={shareSocialOutline} aria-hidden="true" />
        Share the club&rsquo;s link
      </IonButton>
    </section>
  );
}
