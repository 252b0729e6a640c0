import { IonButton, IonContent } from '@ionic/react';
import { lockClosedOutline } from 'ionicons/icons';
import { type ReactNode, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { hasRole, type Role, useMe } from '../lib/me.ts';
import { useUiState } from '../lib/ui-state.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import type { Access } from './access.ts';
import { paths } from './paths.ts';

const isRole = (value: string): value is Role => value === 'player' || value === 'staff' || value === 'admin';

/**
 * Signed-out visitors of a member, staff or admin route go to login; signed-in users without the
 * role see "not allowed". The server enforces the same rule on every call.
 *
 * Only the server's answer signs someone out here: while it cannot be asked (busy, broken, no
 * network), a person this device remembers as signed in keeps their screens, with the role it
 * last knew, and the session query keeps retrying.
 */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const me = useMe();
  const remembered = useUiState((s) => s.remembered);
  const location = useLocation();
  // Ionic keeps left pages mounted (hidden); only the page for the current URL may redirect.
  const [own] = useState(() => ({ path: location.pathname, from: `${location.pathname}${location.search}` }));
  if (access === 'public' || access === 'signedOut') return children;
  if (me.data === undefined && remembered) {
    const role = remembered.role;
    if (access === 'signedIn' || (isRole(role) && hasRole(role, access))) return children;
    return <PageLoading />;
  }
  if (me.data === undefined && !me.isError) return <PageLoading />;
  if (!me.data) {
    if (location.pathname !== own.path) return <PageLoading />;
    return <Navigate to={`${paths.login}?next=${encodeURIComponent(own.from)}`} replace />;
  }
  if (access === 'signedIn' || hasRole(me.data.role ?? undefined, access)) return children;
  return (
    <>
      <PageHeader title="Not allowed" back={paths.tabs.game} />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          <EmptyState
            icon={lockClosedOutline}
            title="Not allowed"
            actions={
              <IonButton routerLink={paths.tabs.game} routerDirection="root">
                Back to the game
              </IonButton>
            }
          >
            <p>
              This area is for club {access === 'admin' ? 'admins' : 'staff'}. You are signed in as{' '}
              {me.data.user.name} ({me.data.role}). Ask your club if you think you should have access.
            </p>
          </EmptyState>
        </div>
      </IonContent>
    </>
  );
}
