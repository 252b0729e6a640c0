import { type AccessRows, at, ownSlug, PUBLIC_PAGES } from '../support/access-matrix.ts';

/**
 * The access matrix's rows of this domain's routes. The app as a whole: the API's document, and the
 * clubs' public pages outside /api. Assembled with every other domain's rows by test/platform/access-
 * matrix.test.ts.
 */
export const platformAccess: AccessRows = (w) => ({
  // Swagger UI and the document.
  'GET /api/docs': { call: at('/api/docs') },
  'GET /api/docs/': { call: at('/api/docs/') },
  'GET /api/docs/static/index.html': { call: at('/api/docs/static/index.html') },
  'GET /api/docs/static/swagger-initializer.js': { call: at('/api/docs/static/swagger-initializer.js') },
  'GET /api/docs/json': { call: at('/api/docs/json') },
  'GET /api/docs/yaml': { call: at('/api/docs/yaml') },
  'GET /api/docs/static/*': { call: at('/api/docs/static/swagger-ui.css') },
  'GET /api/openapi.json': { call: at('/api/openapi.json') },
  // System.
  'GET /api/health': { call: at('/api/health') },
  'GET /api/config': { call: at('/api/config') },
  // The clubs' public pages (server-rendered, outside /api): each caller reads their own club's.
  'GET /c/:slug': { call: (caller) => ({ path: `/c/${ownSlug(caller)}` }), shared: PUBLIC_PAGES },
  'GET /c/:slug/menu': { call: (caller) => ({ path: `/c/${ownSlug(caller)}/menu` }), shared: PUBLIC_PAGES },
  'GET /c/:slug/share.png': {
    call: (caller) => ({ path: `/c/${ownSlug(caller)}/share.png` }),
    shared: PUBLIC_PAGES,
  },
  'GET /c/:slug/events/:id': {
    call: (caller) => ({ path: `/c/${ownSlug(caller)}/events/${w.events.occurrenceId}` }),
    shared: `${PUBLIC_PAGES}; the other club has no such event (404)`,
  },
  'GET /c/:slug/events/:id/share.png': {
    call: (caller) => ({ path: `/c/${ownSlug(caller)}/events/${w.events.occurrenceId}/share.png` }),
    shared: `${PUBLIC_PAGES}; the other club has no such event (404)`,
  },
  'GET /sitemap.xml': { call: at('/sitemap.xml') },
  'GET /robots.txt': { call: at('/robots.txt') },
  // Storage: uploaded files, public by their unguessable keys.
  'GET /api/files/*': { call: at(`/api/files/${w.fileKey}`) },
});
