import { IonBadge } from '@ionic/react';
import { useUiState } from '../../lib/ui-state.ts';
import { useUnreadCount } from './api/notifications-api.ts';

/** The unread count as a badge (menu item, tab button); nothing when there is none. */
export function UnreadBadge({ slot }: { slot?: string }) {
  const loggedIn = useUiState((s) => s.loggedIn);
  const unread = useUnreadCount(loggedIn);
  if (unread <= 0) return null;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <IonBadge color="danger" slot={slot} data-testid="unread-badge" aria-label={`${unread} unread`}>
      {shown}
    </IonBadge>
  );
}
