import { timeOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function ClockinPage() {
  return (
    <PlaceholderPage icon={timeOutline} heading="Clocking in is coming soon" back="/app/tabs/game">
      <p>Staff will clock in and out of their shifts here and see the hours worked this week.</p>
    </PlaceholderPage>
  );
}
