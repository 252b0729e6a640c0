import fastifyMultipart from '@fastify/multipart';
import {
  GalleryAbilities,
  GalleryAlbum,
  GalleryAlbumInput,
  GalleryAlbumList,
  GalleryClubQuery,
  GalleryPhotoCreated,
  GalleryPhotoList,
  GalleryPhotoQuery,
  GalleryPhotoUpdate,
  GallerySettings,
  GalleryUploadQuery,
  Id,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../../http/access.ts';
import { currentViewer } from '../../../http/guards.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { AppError } from '../../../lib/errors.ts';
import { IMAGE_MAX_BYTES } from '../../../lib/images.ts';
import {
  createAlbum,
  editPhoto,
  galleryAbilities,
  getGalleryAlbum,
  listGalleryAlbums,
  listGalleryPhotos,
  removeAlbum,
  removePhoto,
  updateGallerySettings,
  uploadPhoto,
} from './service.ts';

const tags = ['gallery'];
const maxMb = Math.round(IMAGE_MAX_BYTES / 1024 / 1024);

export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public reads: a visitor names the club with ?club=<slug>; a member sees their own club.
  app.get(
    '/api/gallery/photos',
    {
      schema: {
        tags,
        summary: "The club's photos, newest first",
        querystring: GalleryPhotoQuery,
        response: { 200: GalleryPhotoList, ...refusals(404) },
      },
      config: { access: 'public' },
    },
    async (request) => ({
      photos: await listGalleryPhotos(app.services, await currentViewer(request), request.query),
    }),
  );

  app.get(
    '/api/gallery/albums',
    {
      schema: {
        tags,
        summary: "The club's albums",
        querystring: GalleryClubQuery,
        response: { 200: GalleryAlbumList, ...refusals(404) },
      },
      config: { access: 'public' },
    },
    async (request) => ({
      albums: await listGalleryAlbums(app.services, await currentViewer(request), request.query),
    }),
  );

  app.get(
    '/api/gallery/albums/:id',
    {
      schema: {
        tags,
        summary: 'One album',
        params: z.object({ id: Id }),
        querystring: GalleryClubQuery,
        response: { 200: z.object({ album: GalleryAlbum }), ...refusals(404) },
      },
      config: { access: 'public' },
    },
    async (request) => ({
      album: await getGalleryAlbum(app.services, await currentViewer(request), {
        albumId: request.params.id,
        club: request.query.club,
      }),
    }),
  );

  app.get(
    '/api/gallery/abilities',
    {
      schema: {
        tags,
        summary: 'What the signed-in member may do in the gallery',
        response: { 200: GalleryAbilities },
      },
      config: { access: 'member' },
    },
    async (request) => galleryAbilities(app.services, viewerOf(request)),
  );

  // Uploads: multipart/form-data, the image in the field `file`, one per request (the web app
  // sends several at once, each with its own progress).
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
    });
    uploads.post(
      '/api/admin/gallery/photos',
      {
        schema: {
          tags,
          summary: `Upload a photo (multipart/form-data, field "file": JPEG, PNG, WebP, GIF, AVIF or HEIC, at most ${maxMb} MB)`,
          consumes: ['multipart/form-data'],
          querystring: GalleryUploadQuery,
          response: { 201: GalleryPhotoCreated, ...refusals(400, 403, 404, 413, 415) },
        },
        config: { access: 'staff' },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the photo as multipart/form-data, in the field "file".',
          );
        }
        const part = await request.file().catch(() => {
          throw new AppError(
            'BAD_REQUEST',
            'The upload could not be read: send the photo in the field "file".',
          );
        });
        if (part?.fieldname !== 'file') {
          part?.file.resume();
          throw new AppError('BAD_REQUEST', 'Send the photo in the form field "file".');
        }
        const bytes = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('PAYLOAD_TOO_LARGE', `The photo is too large: at most ${maxMb} MB.`);
          }
          throw new AppError('BAD_REQUEST', 'The upload was cut short: try again.');
        });
        const photo = await uploadPhoto(app.services, viewerOf(request), {
          bytes,
          ...(request.query as z.infer<typeof GalleryUploadQuery>),
        });
        return reply.status(201).send({ photo });
      },
    );
  });

  app.patch(
    '/api/admin/gallery/photos/:id',
    {
      schema: {
        tags,
        summary: "Change a photo's caption or album",
        params: z.object({ id: Id }),
        body: GalleryPhotoUpdate,
        response: { 200: GalleryPhotoCreated, ...refusals(403, 404) },
      },
      config: { access: 'staff' },
    },
    async (request) => ({
      photo: await editPhoto(app.services, viewerOf(request), {
        photoId: request.params.id,
        ...request.body,
      }),
    }),
  );

  app.delete(
    '/api/admin/gallery/photos/:id',
    {
      schema: {
        tags,
        summary: 'Delete a photo and its files',
        params: z.object({ id: Id }),
        response: { 204: z.null(), ...refusals(403, 404) },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => {
      await removePhoto(app.services, viewerOf(request), { photoId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/gallery/albums',
    {
      schema: {
        tags,
        summary: 'Create an album',
        body: GalleryAlbumInput,
        response: { 201: z.object({ album: GalleryAlbum }), ...refusals(403) },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => {
      const album = await createAlbum(app.services, viewerOf(request), request.body);
      return reply.status(201).send({ album });
    },
  );

  app.delete(
    '/api/admin/gallery/albums/:id',
    {
      schema: {
        tags,
        summary: 'Delete an album (its photos stay, in no album)',
        params: z.object({ id: Id }),
        response: { 204: z.null(), ...refusals(403, 404) },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => {
      await removeAlbum(app.services, viewerOf(request), { albumId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/admin/gallery/settings',
    {
      schema: {
        tags,
        summary: 'Whether staff may upload and edit photos',
        body: GallerySettings,
        response: { 200: GallerySettings },
      },
      config: { access: 'admin' },
    },
    async (request) => updateGallerySettings(app.services, viewerOf(request), request.body),
  );
};
