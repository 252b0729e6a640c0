import type {
  GalleryAbilities,
  GalleryAlbum,
  GalleryAlbumInput,
  GalleryAlbumList,
  GalleryPhoto,
  GalleryPhotoCreated,
  GalleryPhotoList,
  GallerySettings,
} from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, nativeApiOrigin } from '../../../../lib/api.ts';
import { readXsrfTokens, serverError, XSRF_HEADER } from '../../../../lib/http.ts';
import { isNative } from '../../../../lib/platform.ts';
import { AUTH_TOKEN_KEY } from '../../../../lib/session.ts';
import { storage } from '../../../../lib/storage/storage.ts';

export const galleryKeys = {
  all: ['gallery'] as const,
  photos: (albumId: string | null, club: string | undefined) => ['gallery', 'photos', albumId, club] as const,
  albums: (club: string | undefined) => ['gallery', 'albums', club] as const,
  abilities: ['gallery', 'abilities'] as const,
};

const clubParam = (club: string | undefined) => (club ? `club=${encodeURIComponent(club)}` : '');

export const fetchPhotos = (albumId: string | null, club: string | undefined) =>
  http.get<GalleryPhotoList>(
    `/api/gallery/photos?limit=100${albumId ? `&album=${encodeURIComponent(albumId)}` : ''}${club ? `&${clubParam(club)}` : ''}`,
  );
export const fetchAlbums = (club: string | undefined) =>
  http.get<GalleryAlbumList>(`/api/gallery/albums${club ? `?${clubParam(club)}` : ''}`);
export const fetchAbilities = () => http.get<GalleryAbilities>('/api/gallery/abilities');

export const photosQuery = (albumId: string | null, club: string | undefined) =>
  queryOptions({ queryKey: galleryKeys.photos(albumId, club), queryFn: () => fetchPhotos(albumId, club) });
export const albumsQuery = (club: string | undefined) =>
  queryOptions({ queryKey: galleryKeys.albums(club), queryFn: () => fetchAlbums(club) });
export const abilitiesQuery = queryOptions({ queryKey: galleryKeys.abilities, queryFn: fetchAbilities });

/** `club`: the slug a visitor came by (ignored by the server for a signed-in member). */
export const usePhotos = (albumId: string | null, club: string | undefined, enabled = true) =>
  useQuery({ ...photosQuery(albumId, club), enabled });
export const useAlbums = (club: string | undefined, enabled = true) =>
  useQuery({ ...albumsQuery(club), enabled });
export const useGalleryAbilities = (signedIn: boolean) => useQuery({ ...abilitiesQuery, enabled: signedIn });

function useGalleryMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: galleryKeys.all }),
  });
}

export const useCreateAlbum = () =>
  useGalleryMutation((input: GalleryAlbumInput) =>
    http.post<{ album: GalleryAlbum }>('/api/admin/gallery/albums', input),
  );
export const useDeletePhoto = () =>
  useGalleryMutation((photoId: string) => http.delete<null>(`/api/admin/gallery/photos/${photoId}`));
export const useUpdateSettings = () =>
  useGalleryMutation((input: GallerySettings) =>
    http.request<GallerySettings>('PUT', '/api/admin/gallery/settings', { body: input }),
  );
/** For the upload screen: refresh the gallery once a batch is done. */
export const useRefreshGallery = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: galleryKeys.all });
};

/**
 * Uploads one photo as multipart/form-data (field `file`), reporting progress from 0 to 1.
 * XMLHttpRequest, not fetch: only it reports an upload's progress in every browser.
 */
export async function uploadPhoto(
  file: File,
  opts: {
    albumId?: string | null;
    caption?: string;
    onProgress: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<GalleryPhoto> {
  const params = new URLSearchParams();
  if (opts.albumId) params.set('albumId', opts.albumId);
  if (opts.caption?.trim()) params.set('caption', opts.caption.trim());
  const path = `/api/admin/gallery/photos${params.size ? `?${params}` : ''}`;
  const url = isNative() ? `${nativeApiOrigin}${path}` : path;
  const bearer = isNative() ? await storage.get(AUTH_TOKEN_KEY).catch(() => '') : '';
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (bearer) xhr.setRequestHeader('Authorization', `Bearer ${bearer}`);
    else {
      const token = readXsrfTokens(document.cookie);
      if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 201) {
        opts.onProgress(1);
        resolve((body as GalleryPhotoCreated).photo);
      } else {
        reject(new Error(serverError(body).message ?? `The upload failed (${xhr.status}).`));
      }
    };
    xhr.onerror = () => reject(new Error('The upload failed: check your connection and try again.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
