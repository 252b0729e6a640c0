import { IonButton, IonContent, IonPage, IonSpinner } from '@ionic/react';
import type { Club } from '@lastman/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { http } from '../lib/api.ts';
import { fetchMe } from '../lib/me.ts';
import { CLUB_CODE_KEY, CLUB_SLUG_KEY } from '../lib/session.ts';
import { storage } from '../lib/storage/storage.ts';
import { showError, showToast } from '../lib/toast.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { appScreen } from './open-screen.ts';
import { paths } from './paths.ts';

/**
 * `/c/<slug>` (the poster's QR code adds `?code=`; the club's public page adds `?open=<screen>`):
 * remember the club a visitor came by (sent with their sign-up), then open the screen asked for. A signed-in member of it acts in it; anyone else signed in is asked first
 * ("Join The Fox & Hounds?"), since acting in another club hides their own club's entries and news.
 */
export function ClubLink() {
  const { slug: rawSlug = '' } = useParams();
  const slug = rawSlug.toLowerCase();
  // Read once: Ionic keeps this page mounted after it navigates on, under the next page's address.
  const location = useLocation();
  const [code] = useState(() => new URLSearchParams(location.search).get('code') ?? '');
  // The club's public page (served by the server) enters the app here with the screen to open.
  const [asked] = useState(() => appScreen(new URLSearchParams(location.search).get('open')));

  const [question, setQuestion] = useState<{ club: Club; current: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const done = useRef(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Someone signed in already has an account: "Join" and "Sign in" take them to the game instead.
  const toGame = useCallback(
    (signedIn = true) =>
      navigate(signedIn && (asked === paths.signup || asked === paths.login) ? paths.tabs.game : asked, {
        replace: true,
      }),
    [navigate, asked],
  );

  const join = useCallback(async () => {
    setBusy(true);
    try {
      // Loaded on use: this page is part of the first page's code, the clubs feature is not.
      const { joinClub } = await import('../domains/club/api/clubs-api.ts');
      const joined = await joinClub(code ? { joinCode: code } : { slug });
      showToast(`You are now playing at ${joined.club.name}.`);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['club'] });
      toGame();
    }
  }, [code, slug, queryClient, toGame]);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const go = async () => {
      await storage.set(CLUB_SLUG_KEY, slug).catch(() => undefined);
      if (code) await storage.set(CLUB_CODE_KEY, code.toUpperCase()).catch(() => undefined);
      else await storage.remove(CLUB_CODE_KEY).catch(() => undefined);
      const me = await fetchMe().catch(() => null);
      if (!me || me.club?.slug === slug) {
        await queryClient.invalidateQueries({ queryKey: ['club'] });
        return toGame(!!me);
      }
      // A member already: act in it, nothing to ask.
      if (me.clubs.some((m) => m.club.slug === slug)) return join();
      const club = await http.get<Club>(`/api/club?slug=${encodeURIComponent(slug)}`).catch(() => null);
      if (!club || club.slug !== slug) {
        showToast('That club link is not valid any more. Ask the club for its new link.', 'error');
        return toGame();
      }
      setQuestion({ club, current: me.club?.name ?? null });
    };
    void go();
  }, [slug, code, queryClient, join, toGame]);

  if (!question) {
    return (
      <IonPage>
        <PageLoading />
      </IonPage>
    );
  }
  const { club, current } = question;
  return (
    <IonPage>
      <PageHeader title={club.name} back={paths.tabs.game} />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          <section className="card" data-testid="join-question">
            <h2>Join {club.name}?</h2>
            <p>
              You will play at {club.name} too, and see its games and news.
              {current
                ? ` You stay a member of ${current}, with your entries there: switch between your clubs in the menu.`
                : ''}
            </p>
            <div className="form-actions">
              <IonButton expand="block" onClick={() => void join()} disabled={busy}>
                {busy ? <IonSpinner name="dots" /> : `Join ${club.name}`}
              </IonButton>
              <IonButton expand="block" fill="outline" onClick={() => toGame()} disabled={busy}>
                Not now
              </IonButton>
            </div>
          </section>
        </div>
      </IonContent>
    </IonPage>
  );
}

/** `/tabs/<tab>`: the tabs area is also served at the empty path. */
export function TabsAlias() {
  const { tab = 'game' } = useParams();
  return <NavigateTo to={`/app/tabs/${tab}`} />;
}

function NavigateTo({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}
