import { notificationsOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function NotificationListPage() {
  return (
    <PlaceholderPage icon={notificationsOutline} heading="No notifications yet" back="/app/tabs/game">
      <p>
        Pick reminders before a deadline, your result each round, winners and messages from the club will be
        listed here.
      </p>
    </PlaceholderPage>
  );
}
