import { IonButton } from '@ionic/react';
import { useEffect, useRef } from 'react';
import { isOnline, OFFLINE_MESSAGE } from '../../../lib/online.ts';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { EntryStatusPill, outcomeClass, outcomeLabel } from '../components/status-pill.tsx';
import { usePickHistory } from './api/pick-history-api.ts';

/**
 * One entry's picks round by round (team, result, through or out), opened by tapping a name in the
 * standings or "Your picks" on an entry. The server lists a round only once its deadline has passed.
 */
export function PickHistory({
  competitionId,
  entryId,
  label,
  onClose,
}: {
  competitionId: string;
  entryId: string;
  /** "Jo Bloggs (2)", or "Entry 2" for the viewer's own. */
  label: string;
  onClose: () => void;
}) {
  const history = usePickHistory(competitionId, entryId);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);
  const title = `${label}: picks`;
  return (
    <section className="pick-history" aria-label={title} data-testid="pick-history" ref={ref}>
      <div className="pick-history__head">
        <h4>{title}</h4>
        {/* Says what it closes: on a narrow card it may sit on a line of its own. */}
        <IonButton fill="outline" size="small" onClick={onClose}>
          Hide picks
        </IonButton>
      </div>
      {history.isPending ? (
        <InlineLoading label="Loading picks…" />
      ) : history.isError ? (
        <p role="alert">
          {isOnline() ? history.error.message : `${OFFLINE_MESSAGE} The picks show when you are back online.`}
        </p>
      ) : (
        <>
          <p className="pick-history__status">
            <EntryStatusPill status={history.data.status} round={history.data.eliminatedRound} />
          </p>
          {history.data.picks.length === 0 ? (
            <p className="muted">
              No picks to show yet. A pick shows here once its round&rsquo;s deadline has passed.
            </p>
          ) : (
            <ol className="pick-history__list">
              {history.data.picks.map((p) => (
                <li key={p.round} data-round={p.round}>
                  <span className="pick-history__round">Round {p.round}</span>
                  <span className="pick-history__team">
                    {p.teamName}
                    {p.auto ? ' (auto)' : ''}
                  </span>
                  <span className={outcomeClass(p)}>{outcomeLabel(p)}</span>
                </li>
              ))}
            </ol>
          )}
          <p className="muted small">Picks show only after each round&rsquo;s deadline.</p>
        </>
      )}
    </section>
  );
}
