import { phonePortraitOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function WebOtpPage() {
  return (
    <PlaceholderPage icon={phonePortraitOutline} heading="Phone verification is coming soon" back="/account">
      <p>
        We will text you a one-time code to confirm your phone number, filled in automatically where your
        browser allows.
      </p>
    </PlaceholderPage>
  );
}
