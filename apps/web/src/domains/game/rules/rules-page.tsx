import { IonButton, IonContent } from '@ionic/react';
import { useSearchParams } from 'react-router-dom';
import { useMe } from '../../../lib/me.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useCompetition, useCompetitions } from '../api/game-api.ts';
import { competitionRuleLines } from './competition-rules.ts';
import './rules.css';

/**
 * How the game works in general (what every visitor reads), then the rules of the club's own
 * competitions as their settings make them: one (`?competition=<id>`), or every open and running one.
 */
export function RulesPage() {
  const me = useMe();
  const [params] = useSearchParams();
  const focus = params.get('competition');
  const signedIn = !!me.data;
  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className="page-narrow prose">
          {signedIn && focus ? <CompetitionRulesCard id={focus} /> : null}
          <GeneralRules competitionShown={signedIn} />
          {signedIn && !focus ? <ClubCompetitionsRules /> : null}
        </div>
      </IonContent>
    </>
  );
}

function ClubCompetitionsRules() {
  const list = useCompetitions();
  if (list.isPending) return <InlineLoading />;
  if (list.isError) return <p role="alert">{list.error.message}</p>;
  const current = list.data.competitions.filter((c) => c.status === 'open' || c.status === 'running');
  if (current.length === 0) return null;
  return (
    <>
      {current.map((c) => (
        <CompetitionRulesCard key={c.id} id={c.id} />
      ))}
    </>
  );
}

function CompetitionRulesCard({ id }: { id: string }) {
  const detail = useCompetition(id);
  if (detail.isPending) return <InlineLoading />;
  if (detail.isError) {
    return (
      <div className="card">
        <p role="alert">{detail.error.message}</p>
      </div>
    );
  }
  const c = detail.data.competition;
  const headingId = `rules-${c.id}`;
  return (
    <section className="card" aria-labelledby={headingId} data-competition-rules={c.name}>
      <h2 id={headingId}>Rules of {c.name}</h2>
      {c.description ? <p className="competition__description">{c.description}</p> : null}
      <dl className="rule-list">
        {competitionRuleLines(c).map((line) => (
          <div key={line.key} data-rule={line.key}>
            <dt>{line.label}</dt>
            <dd>{line.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** True for every competition: where a competition may choose otherwise, it says "unless". */
function GeneralRules({ competitionShown }: { competitionShown: boolean }) {
  return (
    <>
      <div className="card">
        <h2>How Last Man Standing works</h2>
        <ol>
          <li>Enter a competition while it is open. Each entry is one “life”.</li>
          <li>Every gameweek, pick one Premier League team for each of your entries that is still in.</li>
          <li>
            If your team wins, you are through to the next round. If it loses, that entry is out. A draw
            knocks you out too, unless the competition’s rules say a draw is enough.
          </li>
          <li>
            You can use each team only once per entry. Some competitions let an entry start again with every
            team once it has used them all.
          </li>
          <li>The last entry standing wins the prize.</li>
        </ol>
        {competitionShown ? null : (
          <p className="muted">
            Each competition chooses a few of these rules itself. Log in to see the rules of your club’s
            competitions.
          </p>
        )}
      </div>
      <div className="card">
        <h2>Deadlines</h2>
        <p>
          Picks lock a set time before the first kick-off of the round: one hour unless the competition
          chooses another time. You can change your pick as often as you like until then. After the deadline
          everyone’s picks are shown, with how many players chose each team.
        </p>
        <p>Forget to pick and that entry is out, unless the competition makes an automatic pick for you.</p>
      </div>
      <div className="card">
        <h2>Postponed matches and odd rounds</h2>
        <ul>
          <li>
            If your team’s match is postponed or abandoned, you survive and the team counts as used, unless
            the competition treats it as a defeat.
          </li>
          <li>If your team plays twice in a round, only its first match counts.</li>
          <li>A round where most matches have been moved to other dates is skipped: no pick is needed.</li>
        </ul>
      </div>
      <div className="card">
        <h2>If everyone goes out</h2>
        <p>
          If every remaining entry is knocked out in the same round, they all come back and play on, unless
          the competition has them share the prize instead. If the season ends with several entries still in,
          they share the prize.
        </p>
      </div>
      <div className="card">
        <h2>The prize</h2>
        <p>
          In a pool competition the pot is the total of the entry fees paid, less the club’s share, which is
          shown on each competition. Other competitions have a prize set by the club. A shared prize is split
          equally; any odd pennies stay with the club. Your club pays prizes directly, by bank transfer or in
          cash.
        </p>
        <p>
          If too few players enter before the first deadline, the competition is cancelled and every entry is
          refunded. Paid competitions are for players aged 18 and over.
        </p>
      </div>
      <div className="card">
        <h2>Questions?</h2>
        <p>Read the answers to common questions, or send the club a message.</p>
        <div className="button-row">
          <IonButton routerLink="/support" fill="outline">
            Questions and answers
          </IonButton>
          <IonButton routerLink="/contact" fill="outline">
            Contact the club
          </IonButton>
        </div>
      </div>
    </>
  );
}
