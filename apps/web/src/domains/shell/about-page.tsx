import { IonButton, IonContent } from '@ionic/react';
import { useClub } from '../../lib/club.ts';
import { PageHeader } from '../../ui/page-header.tsx';

export function AboutPage() {
  const club = useClub();
  const name = club.data?.name ?? 'your club';
  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className="page-narrow prose">
          <section className="hero-banner">
            <h2>Lastman</h2>
            <p>Last Man Standing football competitions for pubs and sports clubs.</p>
          </section>
          <div className="card">
            <h2>What it is</h2>
            <p>
              Lastman runs Last Man Standing competitions on the Premier League for {name}. Each gameweek you
              pick one team to win. Win and you are through to the next round; lose or draw and you are out.
              The last player standing wins the prize pot.
            </p>
            <p>
              The app also keeps you up to date with club events, photos and the food and drink menu, and lets
              the club message you about your picks and results.
            </p>
            <IonButton routerLink="/rules" fill="outline">
              Read the full rules
            </IonButton>
          </div>
          <div className="card">
            <h2>Play responsibly</h2>
            <p>
              Paid competitions are for players aged 18 and over. Set yourself a limit on entries and stick to
              it. If gambling stops being fun, free confidential help is available from GamCare on 0808 8020
              133.
            </p>
          </div>
          <div className="card">
            <h2>Your data</h2>
            <p>
              We keep only what we need to run the game: your name, email, date of birth and optional phone
              number. You can download or delete your data at any time from your account page.
            </p>
          </div>
          <p className="muted">Lastman v2.0 · by Lastman Apps</p>
        </div>
      </IonContent>
    </>
  );
}
