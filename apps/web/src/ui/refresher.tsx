import { IonRefresher, IonRefresherContent } from '@ionic/react';

/** Ionic's pull-to-refresh, loaded by PullToRefresh on the page's first touch. */
export function Refresher({ onRefresh }: { onRefresh: () => Promise<unknown> }) {
  return (
    <IonRefresher slot="fixed" onIonRefresh={(e) => void onRefresh().finally(() => e.detail.complete())}>
      <IonRefresherContent />
    </IonRefresher>
  );
}
