/** @jsxRuntime automatic @jsxImportSource react */
// (A pragma, as tsx, which runs the server, does not read apps/server/tsconfig.json's jsx setting.)
import type { Club, EventOccurrence, EventOccurrenceDetail } from '@lastman/api';
import { formatEventPrice, formatPence, londonDateTime, londonWhenLong } from '@lastman/api/format';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clubJsonLd, eventJsonLd } from './json-ld.ts';
import {
  ClubPage,
  clubPath,
  EventPage,
  eventPath,
  MenuPage,
  menuPath,
  NotFoundPage,
  renderPage,
} from './pages.tsx';
import { type ClubLogo, type ClubPageData, clubPage, eventPage, menuPage, sitemapEntries } from './read.ts';
import { drawShareImage, type ShareCard, shareHash } from './share-image.tsx';

/**
 * The club's public pages, answered by the server on a full load: `/c/<club>`, its events and its
 * menu, their share pictures, and the sitemap. The web app keeps its own client-side routes; a
 * browser that has the app installed (its service worker) opens `/c/<club>` in the app, and every
 * button here enters the app by `/c/<club>?open=<screen>`, which the server answers with the app.
 */

const ClubParams = z.object({ slug: z.string().max(100) });
const EventParams = z.object({ slug: z.string().max(100), id: z.string().max(200) });
const ClubQuery = z.object({ open: z.string().max(500).optional(), code: z.string().max(40).optional() });

/** Pages change as places are booked and pots grow: a minute's caching spares a burst of link previews. */
const PAGE_CACHE = 'public, max-age=60';
const ONE_YEAR = 60 * 60 * 24 * 365;

const config = { access: 'public' as const };
const hidden = { hide: true };

export const publicPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services;
  const base = services.config.PUBLIC_URL;
  const abs = (path: string) => `${base}${path}`;
  const lower = (slug: string) => slug.toLowerCase();

  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('cache-control', status === 200 ? PAGE_CACHE : 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);

  const notFound = (reply: FastifyReply, club: Club | null, what: string) =>
    sendHtml(
      reply,
      404,
      renderPage(
        club,
        {
          title: club ? `${what} - ${club.name}` : what,
          description: what,
          url: abs(club ? clubPath(club.slug) : '/'),
          image: abs('/icons/icon-512.png'),
          jsonLd: null,
        },
        <NotFoundPage club={club} what={what} />,
      ),
    );

  app.get(
    '/c/:slug',
    { schema: { ...hidden, params: ClubParams, querystring: ClubQuery }, config },
    async (request, reply) => {
      // A button of these pages (or an older QR code's link into the app): the app itself.
      if (request.query.open !== undefined) return reply.callNotFound();
      const data = await clubPage(services, lower(request.params.slug));
      if (!data) return notFound(reply, null, 'There is no club at this address');
      const card = clubCard(data);
      const image = abs(`${clubPath(data.club.slug)}/share.png?v=${shareHash(card)}`);
      const url = abs(clubPath(data.club.slug));
      const description = clubDescription(data);
      return sendHtml(
        reply,
        200,
        renderPage(
          data.club,
          {
            title: `${data.club.name}: events, menu and Last Man Standing`,
            description,
            url,
            image,
            jsonLd: clubJsonLd(data.club, {
              url,
              image,
              events: data.events.slice(0, 14).map((event) => ({
                event,
                url: abs(eventPath(data.club.slug, event.id)),
              })),
            }),
          },
          <ClubPage data={data} code={request.query.code ?? null} shareImage={image} />,
        ),
      );
    },
  );

  app.get(
    '/c/:slug/events/:id',
    { schema: { ...hidden, params: EventParams }, config },
    async (request, reply) => {
      const found = await eventPage(services, lower(request.params.slug), request.params.id);
      if (!found) return notFound(reply, null, 'There is no club at this address');
      const { club, event } = found;
      if (!event) return notFound(reply, club, 'That event is not on the calendar');
      const card = eventCard(club, found.logo, event);
      const path = eventPath(club.slug, event.id);
      const image = abs(`${path}/share.png?v=${shareHash(card)}`);
      const url = abs(path);
      return sendHtml(
        reply,
        200,
        renderPage(
          club,
          {
            title: `${event.title}, ${londonDateTime(event.startsAt)} - ${club.name}`,
            description:
              event.description || `${event.title} at ${club.name}, ${londonWhenLong(event.startsAt)}.`,
            url,
            image,
            jsonLd: eventJsonLd(club, event, { url, clubUrl: abs(clubPath(club.slug)), image }),
          },
          <EventPage club={club} event={event} quiz={found.quiz} />,
        ),
      );
    },
  );

  app.get('/c/:slug/menu', { schema: { ...hidden, params: ClubParams }, config }, async (request, reply) => {
    const found = await menuPage(services, lower(request.params.slug));
    if (!found) return notFound(reply, null, 'There is no club at this address');
    const { club, menu } = found;
    const data = await clubPage(services, club.slug);
    const image = data ? abs(`${clubPath(club.slug)}/share.png?v=${shareHash(clubCard(data))}`) : '';
    const dishes = menu.categories.reduce((n, c) => n + c.items.length, 0);
    return sendHtml(
      reply,
      200,
      renderPage(
        club,
        {
          title: `Food and drink at ${club.name}`,
          description: `${club.name}'s menu${dishes ? `: ${dishes} dishes and drinks` : ''}, with the 14 allergens and diet labels.`,
          url: abs(menuPath(club.slug)),
          image,
          jsonLd: {
            '@context': 'https://schema.org',
            '@type': 'Menu',
            name: `${club.name} menu`,
            url: abs(menuPath(club.slug)),
            hasMenuSection: menu.categories.map((c) => ({
              '@type': 'MenuSection',
              name: c.name,
              hasMenuItem: c.items.map((i) => ({
                '@type': 'MenuItem',
                name: i.name,
                ...(i.description && { description: i.description }),
                offers: { '@type': 'Offer', price: (i.pricePence / 100).toFixed(2), priceCurrency: 'GBP' },
              })),
            })),
          },
        },
        <MenuPage club={club} menu={menu} />,
      ),
    );
  });

  const sendPng = async (request: FastifyRequest, reply: FastifyReply, card: ShareCard) => {
    const { png, hash } = await drawShareImage(card);
    const etag = `"${hash}"`;
    const asked = (request.query as { v?: string }).v;
    reply
      .header('etag', etag)
      .header(
        'cache-control',
        asked === hash ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=300',
      );
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/png').send(png);
  };
  const ShareQuery = z.object({ v: z.string().max(64).optional() });

  app.get(
    '/c/:slug/share.png',
    { schema: { ...hidden, params: ClubParams, querystring: ShareQuery }, config },
    async (request, reply) => {
      const data = await clubPage(services, lower(request.params.slug));
      if (!data) return notFound(reply, null, 'There is no club at this address');
      return sendPng(request, reply, clubCard(data));
    },
  );

  app.get(
    '/c/:slug/events/:id/share.png',
    { schema: { ...hidden, params: EventParams, querystring: ShareQuery }, config },
    async (request, reply) => {
      const found = await eventPage(services, lower(request.params.slug), request.params.id);
      if (!found) return notFound(reply, null, 'There is no club at this address');
      if (!found.event) return notFound(reply, found.club, 'That event is not on the calendar');
      return sendPng(request, reply, eventCard(found.club, found.logo, found.event));
    },
  );

  app.get('/sitemap.xml', { schema: hidden, config }, async (_request, reply) => {
    const entries = await sitemapEntries(services);
    const urls = entries.flatMap(({ club, events }) => [
      abs(clubPath(club.slug)),
      abs(menuPath(club.slug)),
      ...events.map((e) => abs(eventPath(club.slug, e.id))),
    ]);
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
      .map((u) => `  <url><loc>${xmlEscape(u)}</loc></url>`)
      .join('\n')}\n</urlset>\n`;
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(body);
  });

  app.get('/robots.txt', { schema: hidden, config }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${abs('/sitemap.xml')}\n`),
  );
};

function xmlEscape(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function clubDescription(data: ClubPageData): string {
  const parts: string[] = [];
  const comp = data.competitions[0];
  if (comp) parts.push(`${comp.name}: pot ${formatPence(comp.potPence)}.`);
  const next = data.events[0];
  if (next) parts.push(`Next: ${next.title}, ${londonDateTime(next.startsAt)}.`);
  if (data.club.address) parts.push(data.club.address.replace(/\s*\n\s*/g, ', '));
  return parts.join(' ') || `Events, food and Last Man Standing at ${data.club.name}.`;
}

/** The club's picture: its leading competition's pot and deadline, else its next date. */
function clubCard(data: ClubPageData): ShareCard {
  const { club } = data;
  const comp = data.competitions[0];
  const next: EventOccurrence | undefined = data.events[0];
  const deadline = comp ? (comp.pickDeadline ?? comp.deadline) : null;
  const lines = comp
    ? [
        `Pot ${formatPence(comp.potPence)} · ${comp.entryFeePence > 0 ? `${formatPence(comp.entryFeePence)} an entry` : 'free to enter'}`,
        ...(deadline ? [`Next deadline ${londonDateTime(deadline)}`] : []),
      ]
    : next
      ? [`Next: ${next.title}`, londonWhenLong(next.startsAt)]
      : [club.address?.split('\n')[0] ?? 'Events, food and football'];
  return {
    clubName: club.name,
    primaryColor: club.primaryColor,
    secondaryColor: club.secondaryColor,
    kicker: comp ? 'Last Man Standing' : "What's on",
    title: comp ? comp.name : club.name,
    lines,
    logo: data.logo,
    logoVersion: club.logoUrl,
  };
}

function eventCard(club: Club, logo: ClubLogo | null, event: EventOccurrenceDetail): ShareCard {
  return {
    clubName: club.name,
    primaryColor: club.primaryColor,
    secondaryColor: club.secondaryColor,
    kicker: event.kind === 'match' ? 'On the big screen' : 'Event',
    title: event.title,
    lines: [
      event.pricePence > 0
        ? `${londonWhenLong(event.startsAt)} · ${formatEventPrice(event.pricePence)}`
        : londonWhenLong(event.startsAt),
      event.place ? `${club.name}, ${event.place}` : club.name,
    ],
    logo,
    logoVersion: club.logoUrl,
  };
}
