import { IonIcon } from '@ionic/react';
import { flaskOutline } from 'ionicons/icons';

/** Shown on every payment screen while the offline test provider takes payments. */
export function TestPaymentsBanner() {
  return (
    <p className="test-banner" role="note">
      <IonIcon icon={flaskOutline} aria-hidden="true" />
      <span>
        <strong>Test payments: no real money</strong>
        <br />
        Use card 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline.
      </span>
    </p>
  );
}
