import {
  type AccessRows,
  at,
  FOOTBALL_SHARED,
  inOtherClub,
  MULTIPART_TYPE,
  multipartPng,
  png,
  type World,
} from '../support/access-matrix.ts';
import type { Json } from '../support/http-client.ts';

/**
 * The access matrix's rows of this domain's routes. Events and bookings, the club's screen matches,
 * the menu and the gallery. Assembled with every other domain's rows by test/platform/access-
 * matrix.test.ts.
 */
export const contentAccess: AccessRows = (w) => ({
  // Events. The calendar feed is public by design: each caller reads their own club's.
  'GET /api/events': { call: at('/api/events?from=2029-12-30T00:00:00Z&to=2030-01-20T00:00:00Z') },
  'GET /api/events/:id': { call: at(`/api/events/${w.events.occurrenceId}`) },
  'GET /api/events/:id.ics': { call: at(`/api/events/${w.events.occurrenceId}.ics`) },
  'GET /api/clubs/:slug/calendar.ics': {
    call: (caller) => ({
      path: `/api/clubs/${inOtherClub.has(caller) ? 'kings-arms' : 'red-lion'}/calendar.ics`,
    }),
    shared: 'each caller reads the public feed of their own club',
  },
  'POST /api/events/:id/registrations': {
    call: at(`/api/events/${w.events.occurrenceId}/registrations`, {}),
  },
  'DELETE /api/events/:id/registrations/mine': {
    call: at(`/api/events/${w.events.occurrenceId}/registrations/mine`),
  },
  'POST /api/events/:id/waitlist': { call: at(`/api/events/${w.events.fullId}/waitlist`, { places: 1 }) },
  'DELETE /api/events/:id/waitlist/mine': { call: at(`/api/events/${w.events.fullId}/waitlist/mine`) },
  'POST /api/admin/events/:id/registrations': {
    call: at(`/api/admin/events/${w.events.occurrenceId}/registrations`, {
      name: 'Matrix Phone Guest',
      phone: '01632 960123',
      places: 2,
    }),
  },
  'DELETE /api/admin/events/:id/registrations/:registrationId': {
    call: at(`/api/admin/events/${w.events.occurrenceId}/registrations/${w.events.bookingToRemove}`),
  },
  'GET /api/admin/screen-matches': {
    call: at('/api/admin/screen-matches?from=2024-08-16T00:00:00Z&to=2024-08-18T00:00:00Z'),
  },
  'PUT /api/admin/screen-matches/:fixtureId': {
    call: at(`/api/admin/screen-matches/${w.events.screenFixture}`),
    shared: FOOTBALL_SHARED,
  },
  'DELETE /api/admin/screen-matches/:fixtureId': {
    call: at(`/api/admin/screen-matches/${w.events.screenFixture}`),
    shared: 'football data: every club picks from the same matches for its own big screen',
  },
  'GET /api/admin/events': { call: at('/api/admin/events') },
  'POST /api/admin/events': {
    call: at('/api/admin/events', {
      title: 'Matrix Made Event',
      startsAt: '2030-02-01T19:00:00Z',
      endsAt: '2030-02-01T21:00:00Z',
      recurrence: null,
      capacity: null,
    }),
  },
  'PATCH /api/admin/events/:id': {
    call: at(`/api/admin/events/${w.events.seriesId}`, { place: 'Lounge' }),
  },
  'POST /api/admin/events/:id/cancel': { call: at(`/api/admin/events/${w.events.toCancel}/cancel`) },
  'POST /api/admin/events/:id/restore': { call: at(`/api/admin/events/${w.events.toCancel}/restore`) },
  'DELETE /api/admin/events/:id': { call: at(`/api/admin/events/${w.events.toDelete}`) },
  'PUT /api/admin/events/:id/exceptions': {
    call: at(`/api/admin/events/${w.events.seriesId}/exceptions`, {
      originalStartsAt: '2030-01-17T20:00:00Z',
      cancelled: true,
    }),
  },
  'DELETE /api/admin/events/:id/exceptions/:exceptionId': {
    call: at(`/api/admin/events/${w.events.seriesId}/exceptions/${w.events.exceptionId}`),
  },
  'GET /api/admin/events/:id/registrations': {
    call: at(`/api/admin/events/${w.events.occurrenceId}/registrations`),
  },
  'PUT /api/admin/events/:id/image': {
    call: () => ({
      path: `/api/admin/events/${w.events.seriesId}/image`,
      body: png,
      contentType: 'image/png',
    }),
  },
  // Menu and club details.
  'GET /api/menu': { call: at('/api/menu') },
  'GET /api/menu.pdf': { call: at('/api/menu.pdf') },
  'POST /api/admin/menu/categories': {
    call: at('/api/admin/menu/categories', { name: 'Matrix Puddings' }),
  },
  'PATCH /api/admin/menu/categories/:id': {
    call: at(`/api/admin/menu/categories/${w.menu.category}`, { name: 'Matrix Mains' }),
  },
  'DELETE /api/admin/menu/categories/:id': {
    call: at(`/api/admin/menu/categories/${w.menu.categoryToDelete}`),
  },
  'PUT /api/admin/menu/categories': {
    call: at('/api/admin/menu/categories', { ids: [w.menu.category] }),
    refused:
      'the order must name every category, and this matrix adds some as it runs: menu.test.ts reorders',
  },
  'PUT /api/admin/menu/categories/:id/items': {
    call: at(`/api/admin/menu/categories/${w.menu.orderCategory}/items`, { ids: [w.menu.orderItem] }),
  },
  'POST /api/admin/menu/items': {
    call: at('/api/admin/menu/items', {
      categoryId: w.menu.category,
      name: 'Matrix Pudding',
      description: '',
      pricePence: 600,
      allergens: ['milk'],
      mayContain: [],
      dietary: ['vegetarian'],
      available: true,
    }),
    firstClub: true,
  },
  'PATCH /api/admin/menu/items/:id': {
    call: at(`/api/admin/menu/items/${w.menu.item}`, { pricePence: 1100 }),
  },
  'DELETE /api/admin/menu/items/:id': { call: at(`/api/admin/menu/items/${w.menu.itemToDelete}`) },
  'PUT /api/admin/menu/items/:id/image': {
    call: () => ({
      path: `/api/admin/menu/items/${w.menu.item}/image`,
      body: png,
      contentType: 'image/png',
    }),
  },
  'DELETE /api/admin/events/:id/image': { call: at(`/api/admin/events/${w.events.seriesId}/image`) },
  'DELETE /api/admin/menu/items/:id/image': { call: at(`/api/admin/menu/items/${w.menu.item}/image`) },
  'PUT /api/menu/items/:id/availability': {
    call: at(`/api/menu/items/${w.menu.item}/availability`, { available: true }),
  },
  'PUT /api/admin/menu/pdf': {
    call: () => ({ path: '/api/admin/menu/pdf', body: w.menu.pdf, contentType: 'application/pdf' }),
  },
  'DELETE /api/admin/menu/pdf': { call: at('/api/admin/menu/pdf') },
  'PUT /api/admin/menu/pdf/guests-see': {
    call: at('/api/admin/menu/pdf/guests-see', { guestsSee: 'both' }),
    refused: 'no uploaded PDF by then, the DELETE row runs first (409): menu.test.ts chooses what guests see',
  },
  // Gallery (staff manage it only when the club's admin allows: not in this club, so staff get 403).
  'GET /api/gallery/photos': { call: at(`/api/gallery/photos?album=${w.gallery.albumId}&limit=5`) },
  'GET /api/gallery/albums': { call: at('/api/gallery/albums') },
  'GET /api/gallery/albums/:id': { call: at(`/api/gallery/albums/${w.gallery.albumId}`) },
  'GET /api/gallery/abilities': { call: at('/api/gallery/abilities') },
  'POST /api/admin/gallery/photos': {
    call: () => ({ path: '/api/admin/gallery/photos', body: multipartPng, contentType: MULTIPART_TYPE }),
  },
  'PATCH /api/admin/gallery/photos/:id': {
    call: at(`/api/admin/gallery/photos/${w.gallery.photoToEdit}`, { caption: 'Quiz night' }),
  },
  'DELETE /api/admin/gallery/photos/:id': {
    call: at(`/api/admin/gallery/photos/${w.gallery.photoToDelete}`),
  },
  'POST /api/admin/gallery/albums': { call: at('/api/admin/gallery/albums', { title: 'Darts final' }) },
  'DELETE /api/admin/gallery/albums/:id': {
    call: at(`/api/admin/gallery/albums/${w.gallery.albumToDelete}`),
  },
  'PUT /api/admin/gallery/settings': { call: at('/api/admin/gallery/settings', { staffCanUpload: false }) },
});

/** Two albums and two photos of the first club, made by its admin. */
export async function galleryWorld(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<World['gallery']> {
  const post = async (path: string, body: Buffer | object, contentType: string) => {
    const res = await fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers: { ...headers, 'content-type': contentType },
      body: Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Json;
  };
  const album = (title: string) => post('/api/admin/gallery/albums', { title }, 'application/json');
  const albumId = (await album('Quiz night')).album.id;
  const albumToDelete = (await album('To delete')).album.id;
  const photo = async () =>
    (await post(`/api/admin/gallery/photos?albumId=${albumId}`, multipartPng, MULTIPART_TYPE)).photo.id;
  return { albumId, albumToDelete, photoToEdit: await photo(), photoToDelete: await photo() };
}
