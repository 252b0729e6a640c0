import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonIcon,
  IonTitle,
  IonToolbar,
  useIonRouter,
} from '@ionic/react';
import { flagOutline, footballOutline, shieldCheckmarkOutline, trophyOutline } from 'ionicons/icons';
import { useRef, useState } from 'react';
import { session } from '../../lib/auth.ts';
import { setUiState } from '../../lib/ui-state.ts';
import { useRouteTitle } from '../../ui/page-header.tsx';

const slides = [
  {
    icon: trophyOutline,
    title: 'Welcome to Last Man Standing',
    text: 'One pick a week. Stay in longer than everyone else and the pot is yours.',
  },
  {
    icon: footballOutline,
    title: 'Pick one team each round',
    text: 'Choose a Premier League team to win. Win and you are through; draw or lose and you are out.',
  },
  {
    icon: shieldCheckmarkOutline,
    title: 'Each team only once',
    text: 'You cannot use a team twice, so save the big teams for the tricky weeks.',
  },
  {
    icon: flagOutline,
    title: 'Beat the deadline',
    text: 'Picks lock an hour before the first kick-off. The game screen shows each deadline: check it before the weekend.',
  },
] as const;

/** The onboarding the original referenced: a few slides, shown once, skippable. */
export function TutorialPage() {
  const router = useIonRouter();
  const title = useRouteTitle();
  const [index, setIndex] = useState(0);
  const track = useRef<HTMLDivElement>(null);
  const last = index === slides.length - 1;

  const finish = async () => {
    setUiState({ hasSeenTutorial: true });
    await session.setHasSeenTutorial(true).catch(() => undefined);
    router.push('/app/tabs/game', 'root', 'replace');
  };
  const goTo = (i: number) => {
    setIndex(i);
    track.current?.children[i]?.scrollIntoView({ behavior: 'smooth', inline: 'start', block: 'nearest' });
  };
  const onScroll = () => {
    const el = track.current;
    if (el) setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
  };

  return (
    <>
      <IonHeader className="ion-no-border">
        <IonToolbar>
          <IonTitle>{title}</IonTitle>
          <IonButtons slot="end">
            {last ? null : (
              <IonButton onClick={finish} color="primary">
                Skip
              </IonButton>
            )}
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <div className="tutorial">
          <section
            className="tutorial__track"
            ref={track}
            onScroll={onScroll}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' && !last) goTo(index + 1);
              if (e.key === 'ArrowLeft' && index > 0) goTo(index - 1);
            }}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            aria-roledescription="carousel"
            aria-label="How it works"
            aria-live="polite"
          >
            {slides.map((s, i) => (
              <section
                key={s.title}
                className="tutorial__slide"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
                aria-hidden={i !== index}
              >
                <div className="tutorial__icon" aria-hidden="true">
                  <IonIcon icon={s.icon} />
                </div>
                <h2>{s.title}</h2>
                <p>{s.text}</p>
              </section>
            ))}
          </section>
          <div className="tutorial__dots">
            {slides.map((s, i) => (
              <button
                key={s.title}
                type="button"
                className={i === index ? 'active' : undefined}
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
          <div className="tutorial__actions">
            {last ? (
              <IonButton expand="block" onClick={finish}>
                Let’s play
              </IonButton>
            ) : (
              <IonButton expand="block" onClick={() => goTo(index + 1)}>
                Next
              </IonButton>
            )}
          </div>
        </div>
      </IonContent>
    </>
  );
}
