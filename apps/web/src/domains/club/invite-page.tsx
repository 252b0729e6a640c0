import {
  IonButton,
  IonContent,
  IonSpinner,
  useIonRouter,
  useIonViewWillEnter,
  useIonViewWillLeave,
} from '@ionic/react';
import type { InvitationView, Role } from '@lastman/api';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { borrowClubColors } from '../../lib/club-theme.ts';
import { useMe } from '../../lib/me.ts';
import { showToast } from '../../lib/toast.ts';
import { FormError } from '../../ui/form-field.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading, PageLoading } from '../../ui/page-loading.tsx';
import { acceptInvitation, useInvitation } from './api/clubs-api.ts';
import './clubs.css';

const roleWords: Record<Role, string> = {
  player: 'a player',
  staff: 'a member of staff',
  admin: 'an admin',
};

const stateWords: Record<Exclude<InvitationView['state'], 'open'>, string> = {
  used: 'This invitation has been used already. Ask the club for a new one.',
  expired: 'This invitation has expired. Ask the club for a new one.',
  withdrawn: 'The club has withdrawn this invitation. Ask the club for a new one.',
};

/** While the invitation is on screen, it wears its club's colours; the acting club's come back after. */
function useInvitingClubColours(invitation: InvitationView | undefined) {
  const [shown, setShown] = useState(true);
  useIonViewWillEnter(() => setShown(true));
  useIonViewWillLeave(() => setShown(false));
  useEffect(() => {
    if (!invitation || !shown) return;
    return borrowClubColors(invitation.club.primaryColor, invitation.club.secondaryColor);
  }, [invitation, shown]);
}

/** `/invite/<token>`: a club's single-use invitation, naming the club and the role, accepted signed in. */
export function InvitePage() {
  const { token = '' } = useParams();
  const me = useMe();
  const invitation = useInvitation(token);
  const router = useIonRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const here = `/invite/${encodeURIComponent(token)}`;
  useInvitingClubColours(invitation.data);

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const joined = await acceptInvitation(token);
      showToast(`Welcome to ${joined.club.name}: you are ${roleWords[joined.role]} there.`);
      router.push('/app/tabs/game', 'root', 'replace');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The invitation could not be accepted.');
    } finally {
      setBusy(false);
    }
  };

  if (me.isPending) return <PageLoading />;
  const offer = invitation.data;
  return (
    <>
      <PageHeader title="Invitation" back="/app/tabs/game" />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          <section className="card invitation" data-testid="invitation">
            {invitation.isPending ? (
              <InlineLoading label="Reading the invitation…" />
            ) : invitation.isError || !offer ? (
              <>
                <h2>This invitation cannot be used</h2>
                <p role="alert">
                  {invitation.error?.message ??
                    'This invitation link is not valid. Ask the club for a new one.'}
                </p>
              </>
            ) : (
              <>
                {offer.club.logoUrl ? (
                  <img className="invitation__logo" src={offer.club.logoUrl} alt="" width={72} height={72} />
                ) : null}
                <h2>{offer.club.name} invites you</h2>
                <p>
                  Join {offer.club.name} as <strong>{roleWords[offer.role]}</strong>.
                </p>
                {offer.state !== 'open' ? (
                  <p role="alert">{stateWords[offer.state]}</p>
                ) : me.data ? (
                  <>
                    <p className="muted">
                      You are signed in as {me.data.user.name}. The link works once; you keep your other
                      clubs.
                    </p>
                    <FormError message={error} />
                    {/* Keyed: each branch makes its own ion-button, rather than the Join button taking
                        over the visitor's "Create an account" element with its `fill` and `href`
                        (ion-button draws a link for an `href` that is not undefined). */}
                    <IonButton key="join" expand="block" onClick={() => void accept()} disabled={busy}>
                      {busy ? <IonSpinner name="dots" /> : `Join ${offer.club.name}`}
                    </IonButton>
                  </>
                ) : (
                  <>
                    <p className="muted">
                      Log in, or create an account, then come back to this link to accept.
                    </p>
                    <IonButton
                      key="login"
                      expand="block"
                      routerLink={`/login?next=${encodeURIComponent(here)}`}
                    >
                      Log in
                    </IonButton>
                    <IonButton
                      key="signup"
                      expand="block"
                      fill="outline"
                      routerLink={`/signup?next=${encodeURIComponent(here)}`}
                    >
                      Create an account
                    </IonButton>
                  </>
                )}
              </>
            )}
          </section>
        </div>
      </IonContent>
    </>
  );
}
