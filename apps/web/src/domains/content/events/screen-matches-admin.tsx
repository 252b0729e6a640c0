import { IonButton } from '@ionic/react';
import { londonDateTime } from '@lastman/api/format';
import { useState } from 'react';
import { showError, showToast } from '../../../lib/toast.ts';
import { CheckboxField } from '../../../ui/form-field.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useScreenMatches, useSetScreenMatch } from './api/events-api.ts';
import '../../../ui/admin.css';

const SCREEN_WEEKS_MS = 3 * 7 * 86_400_000;

/**
 * The matches the club shows on its big screen: the admin ticks the ones they will put on, and only
 * those go on the Events page. Saturday 3 pm kick-offs (the UK blackout) cannot be ticked.
 */
export function ScreenMatches() {
  const [start] = useState(() => {
    const d = new Date();
    d.setUTCHours(0, 0, 0, 0);
    return d.getTime();
  });
  const [page, setPage] = useState(0);
  const from = new Date(start + page * SCREEN_WEEKS_MS).toISOString();
  const to = new Date(start + (page + 1) * SCREEN_WEEKS_MS).toISOString();
  const matches = useScreenMatches(from, to);
  const save = useSetScreenMatch();
  return (
    <section className="card" aria-labelledby="screen-matches-heading">
      <h2 id="screen-matches-heading">Matches on the big screen</h2>
      <p className="muted">
        Tick the matches you will show: only those appear on the Events page. Saturday kick-offs between 14:45
        and 17:15 can’t be shown in UK pubs (the 3 pm blackout).
      </p>
      <p>
        {londonDateTime(from).replace(/,? \d\d:\d\d$/, '')} to{' '}
        {londonDateTime(new Date(new Date(to).getTime() - 1).toISOString()).replace(/,? \d\d:\d\d$/, '')}
      </p>
      {matches.isPending ? (
        <InlineLoading />
      ) : matches.isError ? (
        <p role="alert">{matches.error.message}</p>
      ) : matches.data.matches.length === 0 ? (
        <p className="muted">No Premier League matches in these three weeks.</p>
      ) : (
        <ul className="admin-screen-list">
          {matches.data.matches.map((m) => (
            <li key={m.fixtureId} data-testid="screen-match">
              {m.blackout ? (
                <p className="admin-screen-blackout">
                  <strong>{m.title}</strong>, {londonDateTime(m.kickoffAt)}
                  <br />
                  <span className="muted">3 pm blackout: can’t be shown</span>
                </p>
              ) : (
                <CheckboxField
                  label={`${m.title}, ${londonDateTime(m.kickoffAt)}${m.kickoffTbc ? ' (time to be confirmed)' : ''}`}
                  checked={m.chosen}
                  onChange={(chosen) =>
                    save.mutate(
                      { fixtureId: m.fixtureId, chosen },
                      {
                        onSuccess: () =>
                          showToast(chosen ? 'On the big screen.' : 'No longer on the big screen.'),
                        onError: showError,
                      },
                    )
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="event-buttons">
        {page > 0 ? (
          <IonButton fill="outline" onClick={() => setPage((p) => p - 1)}>
            Earlier
          </IonButton>
        ) : null}
        <IonButton fill="outline" onClick={() => setPage((p) => p + 1)}>
          Later matches
        </IonButton>
      </div>
    </section>
  );
}
