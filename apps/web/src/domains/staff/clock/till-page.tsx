import { IonButton, IonContent, IonHeader, IonTitle, IonToolbar } from '@ionic/react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { hasRole, useMe } from '../../../lib/me.ts';
import { useRouteTitle } from '../../../ui/page-header.tsx';
import { TillCode } from './till-code.tsx';
import '../rota.css';

/**
 * Till mode: the screen behind the bar shows only the clock-in code, by the key in its link (nobody
 * signed in) or by the admin's own session. It is a kiosk: no menu, no back arrow, so nobody at the
 * bar wanders off it by a stray tap; only an admin's session leaves it ("Exit till mode").
 */
export function TillPage() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? undefined;
  const me = useMe();
  const navigate = useNavigate();
  const isAdmin = hasRole(me.data?.role, 'admin');
  const [askedToExit, setAskedToExit] = useState(false);
  const title = useRouteTitle();
  const exit = () => {
    if (isAdmin) navigate('/clockin', { replace: true });
    else setAskedToExit(true);
  };
  return (
    <>
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>{title}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <div className="page-narrow card">
          {key || isAdmin ? (
            <TillCode tillKey={key} />
          ) : (
            <p>This screen needs the link an admin makes on the Clock in page (Till screens).</p>
          )}
        </div>
        <div className="page-narrow till-exit">
          {askedToExit ? (
            <div className="notice" role="status">
              <p>Only an admin can leave till mode: sign in as an admin on this device first.</p>
              <IonButton fill="outline" routerLink="/login">
                Sign in as an admin
              </IonButton>
              <IonButton fill="clear" onClick={() => setAskedToExit(false)}>
                Stay in till mode
              </IonButton>
            </div>
          ) : (
            <IonButton fill="clear" onClick={exit}>
              Exit till mode
            </IonButton>
          )}
        </div>
      </IonContent>
    </>
  );
}
