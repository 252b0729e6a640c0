import { IonPage } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { fetchMe } from '../lib/me.ts';
import { CLUB_CODE_KEY, CLUB_SLUG_KEY } from '../lib/session.ts';
import { storage } from '../lib/storage/storage.ts';
import { showError, showToast } from '../lib/toast.ts';
import { PageLoading } from '../ui/page-loading.tsx';
import { paths } from './paths.ts';

/**
 * `/c/<slug>` (the poster's QR code adds `?code=`): remember the club a visitor came by (sent with
 * their sign-up); a signed-in person joins it, or acts in it if they belong already. Then the game.
 */
export function ClubLink() {
  const { slug = '' } = useParams();
  // Read once: Ionic keeps this page mounted after it navigates on, under the next page's address.
  const location = useLocation();
  const [code] = useState(() => new URLSearchParams(location.search).get('code') ?? '');
  const done = useRef(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const go = async () => {
      await storage.set(CLUB_SLUG_KEY, slug.toLowerCase()).catch(() => undefined);
      if (code) await storage.set(CLUB_CODE_KEY, code.toUpperCase()).catch(() => undefined);
      else await storage.remove(CLUB_CODE_KEY).catch(() => undefined);
      const me = await fetchMe().catch(() => null);
      if (me && me.club?.slug !== slug.toLowerCase()) {
        try {
          // Loaded on use: this page is part of the first page's code, the clubs feature is not.
          const { joinClub } = await import('../features/clubs/api/clubs-api.ts');
          const joined = await joinClub(code ? { joinCode: code } : { slug: slug.toLowerCase() });
          showToast(`You are now playing at ${joined.club.name}.`);
        } catch (error) {
          showError(error);
        }
      }
      await queryClient.invalidateQueries({ queryKey: ['club'] });
    };
    void go().finally(() => navigate(paths.tabs.game, { replace: true }));
  }, [slug, code, navigate, queryClient]);
  return (
    <IonPage>
      <PageLoading />
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
