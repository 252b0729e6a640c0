import { barChartOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function AnalyticsPage() {
  return (
    <PlaceholderPage
      icon={barChartOutline}
      heading="No figures to show yet"
      back="/admin"
      action={{ label: 'Filters', href: '/analytics-filter' }}
    >
      <p>
        Entries, revenue, refunds, players still in per round, the most picked teams and hours worked will be
        charted here, with CSV export.
      </p>
    </PlaceholderPage>
  );
}
