import { IonContent, IonIcon, IonRouterLink } from '@ionic/react';
import {
  calendarOutline,
  chatbubblesOutline,
  helpBuoyOutline,
  imagesOutline,
  informationCircleOutline,
  listOutline,
  restaurantOutline,
} from 'ionicons/icons';
import { useClub } from '../../lib/club.ts';
import { useMe } from '../../lib/me.ts';
import { PageHeader } from '../../ui/page-header.tsx';

const tiles = [
  { href: '/events', icon: calendarOutline, title: 'Events', text: 'What’s on at the club' },
  { href: '/gallery', icon: imagesOutline, title: 'Gallery', text: 'Photos from the club' },
  { href: '/openpdf', icon: restaurantOutline, title: 'Food & drink', text: 'Our menu' },
  { href: '/rules', icon: listOutline, title: 'Rules', text: 'How the game works' },
  { href: '/support', icon: helpBuoyOutline, title: 'Help', text: 'Questions and answers' },
  { href: '/contact', icon: chatbubblesOutline, title: 'Contact', text: 'Message the club' },
  { href: '/about', icon: informationCircleOutline, title: 'About', text: 'About Lastman' },
] as const;

export function ClubPage() {
  const me = useMe();
  const club = useClub();
  const name = me.data?.club.name ?? club.data?.name;
  return (
    <>
      <PageHeader title={name ?? 'Club'} />
      <IonContent className="ion-padding">
        <div className="page-wide">
          <section className="hero-banner" aria-labelledby="club-hero">
            <h2 id="club-hero">{name ? `Welcome to ${name}` : 'Welcome'}</h2>
            <p>Events, photos and the food and drink menu. Open to everyone.</p>
          </section>
          <nav aria-label="Club" className="tile-grid">
            {tiles.map((t) => (
              <IonRouterLink key={t.href} routerLink={t.href} className="tile">
                <IonIcon icon={t.icon} aria-hidden="true" />
                <strong>{t.title}</strong>
                <span>{t.text}</span>
              </IonRouterLink>
            ))}
          </nav>
        </div>
      </IonContent>
    </>
  );
}
