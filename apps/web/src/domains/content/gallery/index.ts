// The gallery as other features see it (the admin upload screen, the Club tab's latest photos).
export {
  uploadPhoto,
  useAlbums,
  useCreateAlbum,
  useGalleryAbilities,
  useRefreshGallery,
  useUpdateSettings,
} from './api/gallery-api.ts';
