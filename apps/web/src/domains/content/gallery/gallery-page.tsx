import { IonButton, IonContent, IonIcon } from '@ionic/react';
import type { GalleryPhoto } from '@lastman/api';
import { cloudUploadOutline, imagesOutline } from 'ionicons/icons';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { paths } from '../../../app/paths.ts';
import { useClub } from '../../../lib/club.ts';
import { useMe } from '../../../lib/me.ts';
import { OFFLINE_MESSAGE, useOnline } from '../../../lib/online.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useIonAlert } from '../../../lib/use-ion-alert.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useAlbums, useDeletePhoto, useGalleryAbilities, usePhotos } from './api/gallery-api.ts';
import { PhotoViewer } from './photo-viewer.tsx';
import './gallery.css';

export function GalleryPage() {
  const me = useMe();
  const club = useClub();
  const online = useOnline();
  // A visitor sees the club of their link; a member their own (the server ignores the slug for them).
  const slug = me.data ? undefined : club.data?.slug;
  const ready = me.isFetched && (me.data !== null || club.data !== undefined);
  const [albumId, setAlbumId] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const albums = useAlbums(slug, ready);
  const photos = usePhotos(albumId, slug, ready);
  const abilities = useGalleryAbilities(Boolean(me.data));
  const canManage = abilities.data?.canUpload === true;
  const remove = useDeletePhoto();
  const [confirm] = useIonAlert();
  const list = photos.data?.photos ?? [];

  const onDelete = (photo: GalleryPhoto) =>
    confirm({
      header: 'Delete this photo?',
      message: 'It goes from the gallery for everyone. This cannot be undone.',
      buttons: [
        { text: 'Keep it', role: 'cancel' },
        {
          text: 'Delete',
          role: 'destructive',
          handler: () => {
            remove.mutate(photo.id, {
              onSuccess: () => {
                showToast('Photo deleted.');
                setOpen(null);
              },
              onError: showError,
            });
          },
        },
      ],
    });

  return (
    <>
      <PageHeader back={paths.tabs.club} />
      <IonContent className="ion-padding">
        <div className="gallery">
          <div className="gallery__top">
            <h2 className="gallery__heading">{club.data?.name ? `Photos at ${club.data.name}` : 'Photos'}</h2>
            {canManage ? (
              <IonButton routerLink={paths.galleryUpload} data-testid="gallery-upload-link">
                <IonIcon aria-hidden="true" slot="start" icon={cloudUploadOutline} />
                Upload photos
              </IonButton>
            ) : null}
          </div>
          {albums.data && albums.data.albums.length > 0 ? (
            <nav className="gallery__albums" aria-label="Albums">
              <button
                type="button"
                className="gallery__album"
                aria-pressed={albumId === null}
                onClick={() => setAlbumId(null)}
              >
                All photos
              </button>
              {albums.data.albums.map((a) => (
                <button
                  key={a.id}
                  type="button"
                  className="gallery__album"
                  aria-pressed={albumId === a.id}
                  onClick={() => setAlbumId(a.id)}
                >
                  {a.title} <span className="gallery__album-count">{a.photoCount}</span>
                </button>
              ))}
            </nav>
          ) : null}
          {photos.isPending ? (
            <InlineLoading label="Loading photos…" />
          ) : photos.isError ? (
            <div className="card" role="alert">
              <p>
                {online
                  ? 'The photos could not be loaded.'
                  : `${OFFLINE_MESSAGE} The photos will load when you are back online.`}
              </p>
              <IonButton onClick={() => photos.refetch()}>Try again</IonButton>
            </div>
          ) : list.length === 0 ? (
            <div className="card">
              <EmptyState icon={imagesOutline} title="No photos yet">
                <p>
                  {albumId
                    ? 'This album has no photos yet.'
                    : 'Photos from quiz nights, matches and parties will appear here once the club adds them.'}
                </p>
              </EmptyState>
            </div>
          ) : (
            <ul className="gallery__grid" data-testid="gallery-grid">
              {list.map((p, i) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="gallery__thumb"
                    onClick={() => setOpen(i)}
                    aria-label={
                      p.caption ? `Open photo: ${p.caption}` : `Open photo ${i + 1} of ${list.length}`
                    }
                  >
                    <img src={p.thumbnailUrl} alt="" loading="lazy" width={480} height={480} />
                  </button>
                  {p.caption ? (
                    <p className="gallery__caption" aria-hidden="true">
                      {p.caption}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </IonContent>
      {/* On the body, so it covers the split pane's menu too: full screen on a desktop as on a phone. */}
      {open !== null
        ? createPortal(
            <PhotoViewer
              photos={list}
              index={Math.min(open, list.length - 1)}
              onIndex={setOpen}
              onClose={() => setOpen(null)}
              onDelete={canManage ? onDelete : undefined}
            />,
            document.body,
          )
        : null}
    </>
  );
}
