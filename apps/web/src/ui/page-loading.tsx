import { IonContent, IonHeader, IonSpinner, IonToolbar } from '@ionic/react';

export function PageLoading() {
  return (
    <>
      <IonHeader>
        <IonToolbar color="primary" />
      </IonHeader>
      <IonContent>
        <div className="page-loading" role="status" aria-live="polite">
          <IonSpinner name="crescent" aria-hidden="true" />
          <span className="visually-hidden">Loading…</span>
        </div>
      </IonContent>
    </>
  );
}

export function InlineLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <IonSpinner name="crescent" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
