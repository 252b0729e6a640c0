import {
  ClubEventList,
  ClubEventResponse,
  EventExceptionInput,
  EventInput,
  EventOccurrenceDetailResponse,
  EventOccurrenceList,
  EventPatch,
  EventsQuery,
  Id,
  OccurrenceId,
  PhoneBookingInput,
  PhoneBookingResponse,
  RegistrationInput,
  RegistrationList,
  RegistrationParams,
  RegistrationResponse,
  ScreenMatchList,
  ScreenMatchParams,
  ScreenMatchQuery,
  WaitlistInput,
  WaitlistResponse,
} from '@lastman/api';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../../http/access.ts';
import { acceptFileBodies, fileBody } from '../../../http/file-body.ts';
import { currentViewer } from '../../../http/guards.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { IMAGE_MAX_BYTES } from '../../../lib/images.ts';
import {
  addPhoneBooking,
  cancelRegistration,
  joinWaitlist,
  leaveWaitlist,
  occurrenceRegistrations,
  register,
  removeAttendee,
} from './bookings.ts';
import { clubCalendarIcs, eventIcs } from './calendars.ts';
import { getOccurrence, listOccurrences } from './event-views.ts';
import {
  createEvent,
  editEvent,
  listAdminEvents,
  removeEvent,
  removeEventImage,
  removeException,
  saveException,
  setEventCancelled,
  setEventImage,
} from './manage.ts';
import { chooseScreenMatch, listScreenMatches, unchooseScreenMatch } from './screen-matches.ts';
// The events notification kind and reminder pass register themselves when the routes load.
import './reminders.ts';

const OccurrenceParams = z.object({ id: OccurrenceId });
const EventParams = z.object({ id: Id });
const ClubQuery = z.object({ club: z.string().max(100).optional() }).strict();
const CALENDAR = 'text/calendar; charset=utf-8';

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- Everyone (visitors by ?club=<slug>, members their own club) ----
  app.get(
    '/api/events',
    {
      schema: { tags: ['events'], querystring: EventsQuery, response: { 200: EventOccurrenceList } },
      config: { access: 'public' },
    },
    async (request) => ({
      events: await listOccurrences(app.services, await currentViewer(request), request.query),
    }),
  );

  app.get(
    '/api/events/:id.ics',
    {
      schema: {
        tags: ['events'],
        params: OccurrenceParams,
        querystring: ClubQuery,
        // No `produces`: its refusals are JSON like every other route's.
        response: { 200: { content: { 'text/calendar': { schema: z.string() } } } },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const body = await eventIcs(app.services, await currentViewer(request), {
        id: request.params.id,
        club: request.query.club,
      });
      return reply
        .type(CALENDAR)
        .header('content-disposition', `attachment; filename="event-${request.params.id}.ics"`)
        .send(body);
    },
  );

  app.get(
    '/api/events/:id',
    {
      schema: {
        tags: ['events'],
        params: OccurrenceParams,
        querystring: ClubQuery,
        response: { 200: EventOccurrenceDetailResponse },
      },
      config: { access: 'public' },
    },
    async (request) => ({
      event: await getOccurrence(app.services, await currentViewer(request), {
        id: request.params.id,
        club: request.query.club,
      }),
    }),
  );

  app.get(
    '/api/clubs/:slug/calendar.ics',
    {
      schema: {
        tags: ['events'],
        params: z.object({ slug: z.string().max(100) }),
        // No `produces`: its refusals are JSON like every other route's.
        response: { 200: { content: { 'text/calendar': { schema: z.string() } } } },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const body = await clubCalendarIcs(app.services, { slug: request.params.slug });
      return reply.type(CALENDAR).header('cache-control', 'public, max-age=900').send(body);
    },
  );

  // ---- Members: their own sign-ups ----
  app.post(
    '/api/events/:id/registrations',
    {
      schema: {
        tags: ['events'],
        params: OccurrenceParams,
        body: RegistrationInput,
        response: { 201: RegistrationResponse, ...refusals(409) },
      },
      config: { access: 'member' },
    },
    async (request, reply) => {
      const result = await register(app.services, viewerOf(request), {
        id: request.params.id,
        input: request.body ?? RegistrationInput.parse({}),
      });
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/api/events/:id/registrations/mine',
    {
      schema: { tags: ['events'], params: OccurrenceParams, response: { 204: z.null() } },
      config: { access: 'member' },
    },
    async (request, reply) => {
      await cancelRegistration(app.services, viewerOf(request), { id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/events/:id/waitlist',
    {
      schema: {
        tags: ['events'],
        summary: 'Join the waiting list of a full date, for a number of places',
        params: OccurrenceParams,
        body: WaitlistInput,
        response: { 201: WaitlistResponse, ...refusals(409) },
      },
      config: { access: 'member' },
    },
    async (request, reply) => {
      const result = await joinWaitlist(app.services, viewerOf(request), {
        id: request.params.id,
        input: request.body ?? WaitlistInput.parse({}),
      });
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/api/events/:id/waitlist/mine',
    {
      schema: { tags: ['events'], params: OccurrenceParams, response: { 204: z.null() } },
      config: { access: 'member' },
    },
    async (request, reply) => {
      await leaveWaitlist(app.services, viewerOf(request), { id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  // ---- The club's admin ----
  app.get(
    '/api/admin/events',
    { schema: { tags: ['admin'], response: { 200: ClubEventList } }, config: { access: 'admin' } },
    async (request) => ({ events: await listAdminEvents(app.services, viewerOf(request)) }),
  );

  app.post(
    '/api/admin/events',
    {
      schema: { tags: ['admin'], body: EventInput, response: { 201: ClubEventResponse } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const event = await createEvent(app.services, viewerOf(request), request.body);
      return reply.status(201).send({ event });
    },
  );

  app.patch(
    '/api/admin/events/:id',
    {
      schema: {
        tags: ['admin'],
        params: EventParams,
        body: EventPatch,
        response: { 200: ClubEventResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      event: await editEvent(app.services, viewerOf(request), {
        eventId: request.params.id,
        patch: request.body,
      }),
    }),
  );

  for (const [action, cancelled] of [
    ['cancel', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/api/admin/events/:id/${action}`,
      {
        schema: { tags: ['admin'], params: EventParams, response: { 200: ClubEventResponse } },
        config: { access: 'admin' },
      },
      async (request) => ({
        event: await setEventCancelled(app.services, viewerOf(request), {
          eventId: request.params.id,
          cancelled,
        }),
      }),
    );
  }

  app.delete(
    '/api/admin/events/:id',
    {
      schema: { tags: ['admin'], params: EventParams, response: { 204: z.null() } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await removeEvent(app.services, viewerOf(request), { eventId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/admin/events/:id/exceptions',
    {
      schema: {
        tags: ['admin'],
        params: EventParams,
        body: EventExceptionInput,
        response: { 200: ClubEventResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      event: await saveException(app.services, viewerOf(request), {
        eventId: request.params.id,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/api/admin/events/:id/exceptions/:exceptionId',
    {
      schema: {
        tags: ['admin'],
        params: z.object({ id: Id, exceptionId: Id }),
        response: { 200: ClubEventResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      event: await removeException(app.services, viewerOf(request), {
        eventId: request.params.id,
        exceptionId: request.params.exceptionId,
      }),
    }),
  );

  app.get(
    '/api/admin/events/:id/registrations',
    {
      schema: { tags: ['admin'], params: OccurrenceParams, response: { 200: RegistrationList } },
      config: { access: 'admin' },
    },
    async (request) => occurrenceRegistrations(app.services, viewerOf(request), { id: request.params.id }),
  );

  app.post(
    '/api/admin/events/:id/registrations',
    {
      schema: {
        tags: ['admin'],
        summary: 'Book places for someone who phoned (a name, maybe a number, no account)',
        params: OccurrenceParams,
        body: PhoneBookingInput,
        response: { 201: PhoneBookingResponse, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const result = await addPhoneBooking(app.services, viewerOf(request), {
        id: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/api/admin/events/:id/registrations/:registrationId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a booking; its places go to the waiting list',
        params: RegistrationParams,
        response: { 204: z.null() },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await removeAttendee(app.services, viewerOf(request), {
        id: request.params.id,
        registrationId: request.params.registrationId,
      });
      return reply.status(204).send(null);
    },
  );

  // Matches on the big screen: the club picks them; Saturday 3 pm blackout kick-offs are refused.
  app.get(
    '/api/admin/screen-matches',
    {
      schema: { tags: ['admin'], querystring: ScreenMatchQuery, response: { 200: ScreenMatchList } },
      config: { access: 'admin' },
    },
    async (request) => ({ matches: await listScreenMatches(app.services, viewerOf(request), request.query) }),
  );

  app.put(
    '/api/admin/screen-matches/:fixtureId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Show a match on the big screen (refused for a Saturday 3 pm blackout kick-off)',
        params: ScreenMatchParams,
        response: { 204: z.null(), ...refusals(400) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await chooseScreenMatch(app.services, viewerOf(request), { fixtureId: request.params.fixtureId });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/admin/screen-matches/:fixtureId',
    {
      schema: { tags: ['admin'], params: ScreenMatchParams, response: { 204: z.null() } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await unchooseScreenMatch(app.services, viewerOf(request), { fixtureId: request.params.fixtureId });
      return reply.status(204).send(null);
    },
  );

  // The event's picture travels as the image's own bytes; lib/images.ts checks them, whatever the type says.
  await app.register(async (plain) => {
    const images = plain.withTypeProvider<ZodTypeProvider>();
    acceptFileBodies(plain, { maxBytes: IMAGE_MAX_BYTES, what: 'picture' });
    images.put(
      '/api/admin/events/:id/image',
      {
        schema: {
          tags: ['admin'],
          summary: "Set the event's picture (the image bytes: JPEG, PNG, WebP, GIF, AVIF or HEIC)",
          consumes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
          params: EventParams,
          body: fileBody('the image file'),
          response: { 200: ClubEventResponse },
        },
        config: { access: 'admin' },
      },
      async (request) => ({
        event: await setEventImage(app.services, viewerOf(request), {
          eventId: request.params.id,
          bytes: request.body,
        }),
      }),
    );
    images.delete(
      '/api/admin/events/:id/image',
      {
        schema: { tags: ['admin'], params: EventParams, response: { 200: ClubEventResponse } },
        config: { access: 'admin' },
      },
      async (request) => ({
        event: await removeEventImage(app.services, viewerOf(request), { eventId: request.params.id }),
      }),
    );
  });
};
