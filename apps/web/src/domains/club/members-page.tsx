import { IonButton, IonContent, IonSearchbar } from '@ionic/react';
import type { Role } from '@lastman/api';
import { peopleOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useMe } from '../../lib/me.ts';
import { showError, showToast } from '../../lib/toast.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import { useChangeRole, useMembers, useRemoveMember } from './api/clubs-api.ts';
import { InviteCard, PendingInvitationsCard } from './invitations-card.tsx';
import '../../ui/game-screens.css';
import './clubs.css';

const ROLES: Role[] = ['player', 'staff', 'admin'];

/** The club's members (admin): search, change a role, remove; invite people by email, text or link, and follow up the pending invitations. */
export function MembersPage() {
  const [search, setSearch] = useState('');
  const members = useMembers(search.trim());
  const me = useMe();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  return (
    <>
      <PageHeader title="Members" back="/club-settings" />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          <InviteCard />
          <PendingInvitationsCard />
          <section className="card" aria-labelledby="members-heading">
            <h2 id="members-heading">Members</h2>
            <IonSearchbar
              value={search}
              debounce={250}
              placeholder="Name or email"
              aria-label="Search members by name or email"
              onIonInput={(e) => setSearch(e.detail.value ?? '')}
            />
            {members.isPending ? (
              <InlineLoading />
            ) : members.isError ? (
              <p role="alert">{members.error.message}</p>
            ) : members.data.members.length === 0 ? (
              <EmptyState icon={peopleOutline} title={search ? 'No one matches' : 'No members yet'}>
                <p>
                  {search ? 'Try part of a name or an email address.' : 'Share your join link or poster.'}
                </p>
              </EmptyState>
            ) : (
              <ul className="member-list" aria-label="Club members">
                {members.data.members.map((m) => (
                  <li key={m.id} className="member-row" data-member={m.email}>
                    <div className="member-row__who">
                      <strong>{m.name}</strong>
                      {m.id === me.data?.user.id ? ' (you)' : ''}
                      <div className="muted">{m.email}</div>
                    </div>
                    <select
                      aria-label={`Role of ${m.name}`}
                      value={m.role}
                      onChange={(e) =>
                        void changeRole
                          .mutateAsync({ userId: m.id, role: e.target.value as Role })
                          .then(() => showToast(`${m.name} is now ${e.target.value}.`))
                          .catch(showError)
                      }
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                    <IonButton
                      fill="clear"
                      color="danger"
                      onClick={() => {
                        if (!window.confirm(`Remove ${m.name} from the club? Their entries and orders stay.`))
                          return;
                        void remove
                          .mutateAsync(m.id)
                          .then(() => showToast(`${m.name} removed.`))
                          .catch(showError);
                      }}
                    >
                      Remove
                    </IonButton>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </IonContent>
    </>
  );
}
