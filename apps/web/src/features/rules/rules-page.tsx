import { IonButton, IonContent } from '@ionic/react';
import { PageHeader } from '../../ui/page-header.tsx';

export function RulesPage() {
  return (
    <>
      <PageHeader title="Rules" />
      <IonContent className="ion-padding">
        <div className="page-narrow prose">
          <div className="card">
            <h2>How Last Man Standing works</h2>
            <ol>
              <li>Buy one or more entries while a competition is open. Each entry is one “life”.</li>
              <li>Every gameweek, pick one Premier League team for each of your entries that is still in.</li>
              <li>
                If your team wins, you are through to the next round. If it draws or loses, that entry is out.
              </li>
              <li>
                You can use each team only once per entry, so save the strong teams for when you need them.
              </li>
              <li>The last entry standing wins the prize pot.</li>
            </ol>
          </div>
          <div className="card">
            <h2>Deadlines</h2>
            <p>
              Picks lock one hour before the first kick-off of the round (your club may set a different time).
              You can change your pick as often as you like until then. After the deadline everyone’s picks
              are shown, with how many players chose each team.
            </p>
            <p>Forget to pick and that entry is out, unless your club has switched on automatic picks.</p>
          </div>
          <div className="card">
            <h2>Postponed matches and odd rounds</h2>
            <ul>
              <li>
                If your team’s match is postponed or abandoned, you survive, but the team still counts as
                used.
              </li>
              <li>If your team plays twice in a round, only its first match counts.</li>
              <li>
                A round where most matches have been moved to other dates is skipped: no pick is needed.
              </li>
            </ul>
          </div>
          <div className="card">
            <h2>If everyone goes out</h2>
            <p>
              If every remaining player is knocked out in the same round, they all come back and play on. If
              the season ends with several players still in, they share the pot.
            </p>
          </div>
          <div className="card">
            <h2>The prize pot</h2>
            <p>
              The pot is the total of the entry fees paid, less the club’s share, which is shown on each
              competition. A shared pot is split equally; any odd pennies stay with the club. Your club pays
              prizes directly, by bank transfer or in cash.
            </p>
            <p>
              If too few players enter before the first deadline, the competition is cancelled and every entry
              is refunded. Paid competitions are for players aged 18 and over.
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
        </div>
      </IonContent>
    </>
  );
}
