import { filterOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function AnalyticsFilterPage() {
  return (
    <PlaceholderPage icon={filterOutline} heading="Filters are coming soon" back="/analytics">
      <p>Choose a date range and a competition to narrow the analytics.</p>
    </PlaceholderPage>
  );
}
