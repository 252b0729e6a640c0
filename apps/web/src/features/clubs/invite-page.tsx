import { IonButton, IonContent, IonSpinner, useIonRouter } from '@ionic/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useMe } from '../../lib/me.ts';
import { showToast } from '../../lib/toast.ts';
import { FormError } from '../../ui/form-field.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { acceptInvitation } from './api/clubs-api.ts';

/** `/invite/<token>`: a club's single-use invitation, accepted by a signed-in person. */
export function InvitePage() {
  const { token = '' } = useParams();
  const me = useMe();
  const router = useIonRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const here = `/invite/${encodeURIComponent(token)}`;

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const joined = await acceptInvitation(token);
      showToast(
        `Welcome to ${joined.club.name}: you are ${joined.role === 'admin' ? 'an admin' : joined.role} there.`,
      );
      router.push('/app/tabs/game', 'root', 'replace');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The invitation could not be accepted.');
    } finally {
      setBusy(false);
    }
  };

  if (me.isPending) return <PageLoading />;
  return (
    <>
      <PageHeader title="Invitation" back="/app/tabs/game" />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          <section className="card">
            <h2>You are invited to a club</h2>
            {me.data ? (
              <>
                <p>Accept to join the club with the role it invited you for. The link works once.</p>
                <FormError message={error} />
                <IonButton expand="block" onClick={() => void accept()} disabled={busy}>
                  {busy ? <IonSpinner name="dots" /> : 'Accept the invitation'}
                </IonButton>
              </>
            ) : (
              <>
                <p>Log in, or create an account, then come back to this link to accept.</p>
                <IonButton expand="block" routerLink={`/login?next=${encodeURIComponent(here)}`}>
                  Log in
                </IonButton>
                <IonButton
                  expand="block"
                  fill="outline"
                  routerLink={`/signup?next=${encodeURIComponent(here)}`}
                >
                  Create an account
                </IonButton>
              </>
            )}
          </section>
        </div>
      </IonContent>
    </>
  );
}
