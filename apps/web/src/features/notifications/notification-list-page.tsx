import { notificationsOutline } from 'ionicons/icons';
import { PlaceholderPage } from '../../ui/placeholder-page.tsx';

export function NotificationListPage() {
  return (
    <PlaceholderPage icon={notificationsOutline} heading="No notifications yet" back="/app/tabs/game">
      <p>
        The club has no notifications to send yet: nothing is sent to your phone or inbox from here. Each
        round's deadline is on the game screen.
      </p>
    </PlaceholderPage>
  );
}
