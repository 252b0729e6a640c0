import { optionsOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function FilterAllPage() {
  return (
    <PlaceholderPage icon={optionsOutline} heading="Filters are coming soon" back="/analytics">
      <p>All analytics filters in one place: date range, competition, round and staff member.</p>
    </PlaceholderPage>
  );
}
