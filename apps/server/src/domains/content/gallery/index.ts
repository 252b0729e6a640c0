// The gallery as other features see it (the Club tab reads its latest photos over HTTP).
export { listGalleryPhotos } from './service.ts';
