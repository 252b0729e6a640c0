import { IonButton, IonContent } from '@ionic/react';
import { PageHeader } from '../../ui/page-header.tsx';

const faqs: ReadonlyArray<{ q: string; a: string }> = [
  {
    q: 'How do I join a competition?',
    a: 'Open the Game tab while a competition is open and buy one or more entries. Each entry is a life that picks its own team every round.',
  },
  {
    q: 'When is the deadline for my pick?',
    a: 'Picks lock an hour before the first kick-off of the round, unless your club has set a different time. The Game tab always shows the next deadline.',
  },
  {
    q: 'Can I change my pick?',
    a: 'Yes, as often as you like until the deadline. After that your pick is locked and everyone’s picks are shown.',
  },
  {
    q: 'What happens if my team’s match is postponed?',
    a: 'You survive the round, but the team counts as used for that entry.',
  },
  {
    q: 'How is the prize paid?',
    a: 'The club pays winners directly, by bank transfer or in cash, and records the payout in the app.',
  },
  {
    q: 'Can I get a refund?',
    a: 'If a competition is cancelled, every paid entry is refunded automatically. For anything else, contact the club.',
  },
  {
    q: 'I forgot my password.',
    a: 'Use “Forgot your password?” on the log-in page. We will email you a link to choose a new one.',
  },
  {
    q: 'How do I delete my account?',
    a: 'Go to Account and choose “Delete account”. Your personal details are removed; orders and payments are kept anonymously for six years, as UK law requires.',
  },
];

export function SupportPage() {
  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          <div className="card">
            <h2>Questions and answers</h2>
            <div className="faq">
              {faqs.map((f) => (
                <details key={f.q}>
                  <summary>{f.q}</summary>
                  <p>{f.a}</p>
                </details>
              ))}
            </div>
          </div>
          <div className="card">
            <h2>Still stuck?</h2>
            <p className="muted">Send the club a message and an admin will get back to you.</p>
            <IonButton routerLink="/contact">Contact the club</IonButton>
          </div>
        </div>
      </IonContent>
    </>
  );
}
