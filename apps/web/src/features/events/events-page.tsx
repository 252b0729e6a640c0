import { calendarOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function EventsPage() {
  return (
    <PlaceholderPage icon={calendarOutline} heading="No upcoming events" back="/app/tabs/club">
      <p>Quiz nights, live matches on the big screen and other club events will be listed here.</p>
    </PlaceholderPage>
  );
}
