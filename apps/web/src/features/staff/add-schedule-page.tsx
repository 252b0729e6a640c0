import { addCircleOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function AddSchedulePage() {
  return (
    <PlaceholderPage icon={addCircleOutline} heading="Adding shifts is coming soon" back="/staffschedules">
      <p>
        Admins will create shifts here: staff member, start, end, position and notes. Overlapping shifts for
        one person will be refused.
      </p>
    </PlaceholderPage>
  );
}
