import { IonPage } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CLUB_SLUG_KEY } from '../lib/session.ts';
import { storage } from '../lib/storage/storage.ts';
import { PageLoading } from '../ui/page-loading.tsx';
import { paths } from './paths.ts';

/** `/c/<slug>`: remember the club a visitor came by (sent as clubSlug at sign-up), then go to the game. */
export function ClubLink() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    void storage
      .set(CLUB_SLUG_KEY, slug.toLowerCase())
      .catch(() => undefined)
      .then(() => queryClient.invalidateQueries({ queryKey: ['club'] }))
      .finally(() => navigate(paths.tabs.game, { replace: true }));
  }, [slug, navigate, queryClient]);
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
