import { calendarNumberOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function EventModalPage() {
  return (
    <PlaceholderPage
      icon={calendarNumberOutline}
      heading="Event details"
      back="/events"
      action={{ label: 'See all events', href: '/events' }}
    >
      <p>Pick an event from the events list to see its date, time, place and description here.</p>
    </PlaceholderPage>
  );
}
