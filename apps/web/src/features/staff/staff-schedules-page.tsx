import { calendarOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function StaffSchedulesPage() {
  return (
    <PlaceholderPage icon={calendarOutline} heading="No shifts scheduled" back="/app/tabs/game">
      <p>
        Your shifts for the week will appear here. Admins will see everyone&rsquo;s shifts in a week view.
      </p>
    </PlaceholderPage>
  );
}
