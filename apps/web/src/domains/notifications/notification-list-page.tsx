import { IonButton, IonContent, IonIcon } from '@ionic/react';
import type { Notification } from '@lastman/api';
import { londonDateTime } from '@lastman/api/format';
import { notificationsOutline, settingsOutline } from 'ionicons/icons';
import { useNavigate } from 'react-router-dom';
import './notifications.css';
import { showError } from '../../lib/toast.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import { PullToRefresh } from '../../ui/pull-to-refresh.tsx';
import { useMarkRead, useNotifications } from './api/notifications-api.ts';

export const NOTIFICATION_SETTINGS_PATH = '/notification-settings';

export function NotificationListPage() {
  const list = useNotifications();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const unread = list.data?.unread ?? 0;

  const open = (n: Notification) => {
    if (n.readAt === null) markRead.mutate({ ids: [n.id] }, { onError: showError });
    if (n.link?.startsWith('/')) navigate(n.link);
  };

  return (
    <>
      <PageHeader back="/app/tabs/game" />
      <IonContent className="ion-padding">
        <PullToRefresh onRefresh={() => list.refetch()} />
        <div className="page-narrow notification-list">
          <div className="notification-list__bar">
            <p className="muted" data-testid="unread-summary">
              {list.data ? (unread === 0 ? 'All read' : `${unread} unread`) : ''}
            </p>
            <IonButton
              fill="outline"
              size="default"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true }, { onError: showError })}
            >
              Mark all read
            </IonButton>
            <IonButton fill="clear" size="default" routerLink={NOTIFICATION_SETTINGS_PATH}>
              <IonIcon slot="start" icon={settingsOutline} aria-hidden="true" />
              Settings
            </IonButton>
          </div>
          {list.isPending ? (
            <InlineLoading label="Loading your notifications…" />
          ) : list.isError ? (
            <div className="card">
              <EmptyState icon={notificationsOutline} title="Notifications could not load">
                <p>{list.error.message} Pull down to try again.</p>
              </EmptyState>
            </div>
          ) : list.data.notifications.length === 0 ? (
            <div className="card">
              <EmptyState icon={notificationsOutline} title="No notifications yet">
                <p>
                  Reminders before each deadline, your results and club news will appear here. Choose what
                  reaches your phone and inbox in Settings.
                </p>
              </EmptyState>
            </div>
          ) : (
            <ul className="notification-list__items" aria-label="Notifications">
              {list.data.notifications.map((n) => (
                <li
                  key={n.id}
                  className={`card notification${n.readAt ? '' : ' notification--unread'}`}
                  data-notification={n.id}
                >
                  <button type="button" className="notification__open" onClick={() => open(n)}>
                    <span className="notification__title">
                      {n.readAt ? null : (
                        <>
                          <span className="notification__dot" aria-hidden="true" />
                          <span className="visually-hidden">Unread: </span>
                        </>
                      )}
                      {n.title}
                    </span>
                    <span className="notification__body">{n.body}</span>
                    <time className="notification__time muted" dateTime={n.createdAt}>
                      {londonDateTime(n.createdAt)}
                    </time>
                  </button>
                  {n.readAt ? null : (
                    <IonButton
                      fill="clear"
                      size="default"
                      className="notification__read"
                      onClick={() => markRead.mutate({ ids: [n.id] }, { onError: showError })}
                    >
                      Mark read
                    </IonButton>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </IonContent>
    </>
  );
}
