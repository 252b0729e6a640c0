import { IonContent, IonHeader, IonSpinner, IonToolbar } from '@ionic/react';
import { OFFLINE_MESSAGE, useOnline } from '../lib/online.ts';

/** Without a connection nothing new can load: say so instead of spinning for ever. */
const OFFLINE_WAIT = `${OFFLINE_MESSAGE} This will load when you are back online.`;

export function PageLoading() {
  return (
    <>
      <IonHeader>
        <IonToolbar color="primary" />
      </IonHeader>
      <IonContent>
        <InlineLoading />
      </IonContent>
    </>
  );
}

export function InlineLoading({ label = 'Loading…' }: { label?: string }) {
  const online = useOnline();
  if (!online) {
    return (
      <p className="page-loading page-loading--offline" role="status" data-testid="loading-offline">
        {OFFLINE_WAIT}
      </p>
    );
  }
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <IonSpinner name="crescent" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
