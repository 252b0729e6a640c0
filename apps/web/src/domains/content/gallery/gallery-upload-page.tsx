import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { IMAGE_MAX_BYTES, IMAGE_UPLOAD_ACCEPT } from '@lastman/api/content/rules';
import { checkmarkCircleOutline, cloudUploadOutline } from 'ionicons/icons';
import { type FormEvent, useId, useRef, useState } from 'react';
import { paths } from '../../../app/paths.ts';
import { useMe } from '../../../lib/me.ts';
import { OFFLINE_MESSAGE, useOnline } from '../../../lib/online.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import {
  uploadPhoto,
  useAlbums,
  useCreateAlbum,
  useGalleryAbilities,
  useRefreshGallery,
  useUpdateSettings,
} from './api/gallery-api.ts';
import './gallery-upload.css';

interface Item {
  key: string;
  file: File;
  caption: string;
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
}

const maxMb = Math.round(IMAGE_MAX_BYTES / 1024 / 1024);

export function GalleryUploadPage() {
  const me = useMe();
  const online = useOnline();
  const abilities = useGalleryAbilities(Boolean(me.data));
  const refresh = useRefreshGallery();
  const [albumId, setAlbumId] = useState('');
  const [items, setItems] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = { files: useId() };

  const patch = (key: string, change: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const pick = (files: FileList | null) => {
    if (!files) return;
    const added: Item[] = [...files].map((file, n) => ({
      key: `${Date.now()}-${n}-${file.name}`,
      file,
      caption: '',
      progress: 0,
      ...(file.size > IMAGE_MAX_BYTES
        ? { state: 'failed' as const, error: `Too large: at most ${maxMb} MB.` }
        : { state: 'waiting' as const }),
    }));
    setItems((list) => [...list.filter((i) => i.state !== 'done'), ...added]);
    if (input.current) input.current.value = '';
  };

  const start = async () => {
    // One at a time, last in the list first: the gallery shows the newest first, so the photos then
    // read in the order listed here. Two at a time finished in any order, and scrambled them.
    const queue = items.filter((i) => i.state === 'waiting').reverse();
    if (queue.length === 0) return;
    setBusy(true);
    let done = 0;
    for (let item = queue.shift(); item; item = queue.shift()) {
      const key = item.key;
      patch(key, { state: 'uploading', progress: 0 });
      try {
        await uploadPhoto(item.file, {
          albumId: albumId || null,
          caption: item.caption,
          onProgress: (progress) => patch(key, { progress }),
        });
        patch(key, { state: 'done', progress: 1 });
        done++;
      } catch (err) {
        patch(key, { state: 'failed', error: err instanceof Error ? err.message : String(err) });
      }
    }
    setBusy(false);
    await refresh();
    if (done > 0) showToast(`${done} ${done === 1 ? 'photo' : 'photos'} added to the gallery.`);
  };

  if (abilities.isPending) {
    return (
      <>
        <PageHeader back={paths.gallery} />
        <IonContent className="ion-padding">
          <InlineLoading />
        </IonContent>
      </>
    );
  }
  const canUpload = abilities.data?.canUpload === true;
  const waiting = items.filter((i) => i.state === 'waiting').length;

  return (
    <>
      <PageHeader back={paths.gallery} />
      <IonContent className="ion-padding">
        <div className="page-narrow gallery-upload">
          {!canUpload ? (
            <div className="card" role="alert">
              <h2>Uploads are for the club's admins</h2>
              <p>An admin can let staff upload photos here, in the gallery settings.</p>
            </div>
          ) : (
            <>
              <AlbumChoice albumId={albumId} setAlbumId={setAlbumId} />

              <section className="card" aria-labelledby={`${ids.files}-h`}>
                <h2 id={`${ids.files}-h`}>Photos</h2>
                <p className="muted">
                  Pick several at once: JPEG, PNG, WebP or HEIC from an iPhone, up to {maxMb} MB each.
                  Locations and camera details are removed before anything is stored.
                </p>
                <label className="gallery-upload__pick">
                  <IonIcon icon={cloudUploadOutline} aria-hidden="true" />
                  <span>Choose photos</span>
                  <input
                    ref={input}
                    id={ids.files}
                    type="file"
                    multiple
                    accept={IMAGE_UPLOAD_ACCEPT}
                    className="visually-hidden"
                    onChange={(e) => pick(e.target.files)}
                    data-testid="gallery-file-input"
                  />
                </label>
                {items.length > 0 ? <UploadList items={items} patch={patch} /> : null}
                {online ? null : (
                  <p className="muted">{OFFLINE_MESSAGE} Uploads start when you are back online.</p>
                )}
                <IonButton
                  expand="block"
                  disabled={busy || waiting === 0 || !online}
                  onClick={start}
                  data-testid="start-upload"
                >
                  {busy
                    ? 'Uploading…'
                    : `Upload ${waiting || ''} ${waiting === 1 ? 'photo' : 'photos'}`.replace('  ', ' ')}
                </IonButton>
                <IonButton expand="block" fill="outline" routerLink={paths.gallery}>
                  See the gallery
                </IonButton>
              </section>

              {me.data?.role === 'admin' ? (
                <WhoMayUpload staffCanUpload={abilities.data?.settings.staffCanUpload ?? false} />
              ) : null}
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}

/** The album the photos go in: one of the club's, or a new one. */
function AlbumChoice({ albumId, setAlbumId }: { albumId: string; setAlbumId: (id: string) => void }) {
  const me = useMe();
  const albums = useAlbums(undefined, Boolean(me.data));
  const createAlbum = useCreateAlbum();
  const [newAlbum, setNewAlbum] = useState('');
  const ids = { album: useId(), newAlbum: useId() };
  const addAlbum = (e: FormEvent) => {
    e.preventDefault();
    const title = newAlbum.trim();
    if (!title) return;
    createAlbum.mutate(
      { title },
      {
        onSuccess: ({ album }) => {
          setAlbumId(album.id);
          setNewAlbum('');
          showToast(`Album "${album.title}" created.`);
        },
        onError: showError,
      },
    );
  };
  return (
    <section className="card" aria-labelledby={`${ids.album}-h`}>
      <h2 id={`${ids.album}-h`}>Album</h2>
      <label className="gallery-upload__label" htmlFor={ids.album}>
        Put the photos in
      </label>
      <select
        id={ids.album}
        className="gallery-upload__select"
        value={albumId}
        onChange={(e) => setAlbumId(e.target.value)}
        data-testid="album-select"
      >
        <option value="">No album</option>
        {albums.data?.albums.map((a) => (
          <option key={a.id} value={a.id}>
            {a.title}
          </option>
        ))}
      </select>
      <form className="gallery-upload__new-album" onSubmit={addAlbum}>
        <label className="gallery-upload__label" htmlFor={ids.newAlbum}>
          Or start a new album (e.g. "Friday quiz, 20 Nov")
        </label>
        <div className="gallery-upload__row">
          <input
            id={ids.newAlbum}
            className="gallery-upload__input"
            value={newAlbum}
            maxLength={100}
            onChange={(e) => setNewAlbum(e.target.value)}
          />
          <IonButton type="submit" disabled={!newAlbum.trim() || createAlbum.isPending}>
            Create
          </IonButton>
        </div>
      </form>
    </section>
  );
}

/** The chosen photos, each with its progress, and a caption while it waits. */
function UploadList({
  items,
  patch,
}: {
  items: Item[];
  patch: (key: string, change: Partial<Item>) => void;
}) {
  return (
    <ul className="gallery-upload__list" data-testid="upload-list">
      {items.map((item) => (
        <li key={item.key} className={`gallery-upload__item is-${item.state}`} data-state={item.state}>
          <div className="gallery-upload__name">
            <span>{item.file.name}</span>
            <span className="gallery-upload__status">
              {item.state === 'done' ? (
                <IonIcon icon={checkmarkCircleOutline} aria-label="Uploaded" />
              ) : item.state === 'uploading' ? (
                `${Math.round(item.progress * 100)}%`
              ) : item.state === 'failed' ? (
                'Not uploaded'
              ) : (
                'Ready'
              )}
            </span>
          </div>
          <progress max={1} value={item.progress} aria-label={`Upload of ${item.file.name}`} />
          {item.state === 'failed' ? <p className="gallery-upload__error">{item.error}</p> : null}
          {item.state === 'waiting' ? (
            <input
              className="gallery-upload__input"
              placeholder="Caption (optional)"
              aria-label={`Caption for ${item.file.name}`}
              maxLength={300}
              value={item.caption}
              onChange={(e) => patch(item.key, { caption: e.target.value })}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The admin's choice of whether staff may upload too. */
function WhoMayUpload({ staffCanUpload }: { staffCanUpload: boolean }) {
  const updateSettings = useUpdateSettings();
  return (
    <section className="card">
      <h2>Who may upload</h2>
      <label className="gallery-upload__check">
        <input
          type="checkbox"
          checked={staffCanUpload}
          disabled={updateSettings.isPending}
          onChange={(e) =>
            updateSettings.mutate({ staffCanUpload: e.target.checked }, { onError: showError })
          }
        />
        <span>Staff may upload and delete photos too</span>
      </label>
    </section>
  );
}
