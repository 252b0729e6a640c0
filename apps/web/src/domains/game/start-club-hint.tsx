import { IonButton } from '@ionic/react';
import { paths } from '../../app/paths.ts';

/**
 * On the game tab for a visitor: `/` opens the game (the original's rule), so a landlord who came to
 * run a club of their own finds the way here, not behind the phone's menu. It lives with the game
 * page that draws it: in the club domain it would close a circle (the club page shows the game's
 * competitions).
 */
export function StartClubHint() {
  return (
    <section className="card" aria-labelledby="start-club-hint" data-testid="start-club-hint">
      <h2 id="start-club-hint">Run a pub or club?</h2>
      <p>Set it up in minutes: players pay their entry by card and the pub keeps its share.</p>
      <IonButton routerLink={paths.startClub} fill="outline" expand="block">
        Run Last Man Standing at your club
      </IonButton>
    </section>
  );
}
