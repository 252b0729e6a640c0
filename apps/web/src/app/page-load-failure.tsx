import { IonButton, IonContent } from '@ionic/react';
import { cloudOfflineOutline, warningOutline } from 'ionicons/icons';
import { useEffect } from 'react';
import { isOnline, useOnline } from '../lib/online.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { PageHeader } from '../ui/page-header.tsx';

/**
 * The browser may keep a failed import as failed for the page's lifetime, so trying again means
 * opening the page anew (the person stays signed in; nothing was entered on a page that never opened).
 */
const reopen = () => window.location.reload();

/**
 * A page whose code could not be fetched (no connection on a first visit): said in plain words,
 * with the header's way back and a retry, never a blank screen. It opens by itself when the
 * connection comes back.
 */
export function PageLoadFailure({ onRetry = reopen }: { onRetry?(): void }) {
  const online = useOnline();
  useEffect(() => {
    if (online) return;
    const retry = () => onRetry();
    window.addEventListener('online', retry, { once: true });
    return () => window.removeEventListener('online', retry);
  }, [online, onRetry]);
  const offline = !online || !isOnline();
  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className="page-narrow" data-testid="page-load-failure">
          <EmptyState
            icon={offline ? cloudOfflineOutline : warningOutline}
            title={offline ? 'You are offline' : 'This page could not be opened'}
            actions={
              <IonButton onClick={onRetry} disabled={offline}>
                Try again
              </IonButton>
            }
          >
            <p>
              {offline
                ? 'This page has not been opened on this device before, so it needs a connection. It opens by itself when you are back online.'
                : 'Its code could not be fetched. Try again; if it keeps happening, reload the app.'}
            </p>
          </EmptyState>
        </div>
      </IonContent>
    </>
  );
}
