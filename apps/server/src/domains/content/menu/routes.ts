import {
  Id,
  Menu,
  MenuAvailability,
  MenuCategoryCreated,
  MenuCategoryInput,
  MenuGuestsSeeInput,
  MenuItemInput,
  MenuItemResult,
  MenuItemUpdate,
  MenuOrder,
  MenuPdfInfo,
  MenuQuery,
} from '@lastman/api';
import { IMAGE_MAX_BYTES, MENU_LIMITS } from '@lastman/api/content/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../../http/access.ts';
import { acceptFileBodies, fileBody } from '../../../http/file-body.ts';
import { currentViewer } from '../../../http/guards.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import {
  changeItem,
  chooseGuestsSee,
  createCategory,
  createItem,
  readMenu,
  readMenuPdf,
  removeCategory,
  removeItem,
  removeItemPicture,
  removePdf,
  renameCategory,
  reorderCategories,
  reorderItems,
  setAvailability,
  setItemPicture,
  uploadPdf,
} from './service.ts';

const tags = ['menu'];
const CategoryParams = z.object({ id: Id });
const ItemParams = z.object({ id: Id });

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/menu',
    {
      schema: {
        tags,
        summary: "The club's menu in the admin's order (a member's own club, a visitor's by ?club=slug)",
        querystring: MenuQuery,
        response: { 200: Menu, ...refusals(404) },
      },
      config: { access: 'public' },
    },
    async (request) => readMenu(app.services, await currentViewer(request), request.query),
  );

  app.get(
    '/api/menu.pdf',
    {
      schema: {
        tags,
        summary:
          'The menu as a PDF: the one the club uploaded when guests are shown it, else one made from the menu itself',
        querystring: MenuQuery.extend({ v: z.string().max(20).optional() }),
        // No `produces`: its refusals are JSON like every other route's.
        response: {
          200: { description: 'The menu as a PDF', content: { 'application/pdf': { schema: z.any() } } },
          ...refusals(404),
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const pdf = await readMenuPdf(app.services, await currentViewer(request), request.query);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${pdf.fileName}"`)
          // An uploaded file, opened in the browser, runs no script of its own (features/files too).
          .header('content-security-policy', 'sandbox')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-cache')
          .send(pdf.bytes)
      );
    },
  );

  app.post(
    '/api/admin/menu/categories',
    {
      schema: { tags, body: MenuCategoryInput, response: { 201: MenuCategoryCreated, ...refusals(409) } },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ category: await createCategory(app.services, viewerOf(request), request.body) }),
  );

  app.patch(
    '/api/admin/menu/categories/:id',
    {
      schema: {
        tags,
        params: CategoryParams,
        body: MenuCategoryInput,
        response: { 200: MenuCategoryCreated },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      category: await renameCategory(app.services, viewerOf(request), {
        categoryId: request.params.id,
        name: request.body.name,
      }),
    }),
  );

  app.delete(
    '/api/admin/menu/categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category and its items',
        params: CategoryParams,
        response: { 204: z.null() },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await removeCategory(app.services, viewerOf(request), { categoryId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/admin/menu/categories',
    {
      schema: {
        tags,
        summary: 'Put the categories in a new order',
        body: MenuOrder,
        response: { 200: Menu },
      },
      config: { access: 'admin' },
    },
    async (request) => reorderCategories(app.services, viewerOf(request), request.body),
  );

  app.put(
    '/api/admin/menu/categories/:id/items',
    {
      schema: {
        tags,
        summary: "Put a category's items in a new order",
        params: CategoryParams,
        body: MenuOrder,
        response: { 200: Menu },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      reorderItems(app.services, viewerOf(request), { categoryId: request.params.id, input: request.body }),
  );

  app.post(
    '/api/admin/menu/items',
    {
      schema: { tags, body: MenuItemInput, response: { 201: MenuItemResult, ...refusals(404, 409) } },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send({ item: await createItem(app.services, viewerOf(request), request.body) }),
  );

  app.patch(
    '/api/admin/menu/items/:id',
    {
      schema: { tags, params: ItemParams, body: MenuItemUpdate, response: { 200: MenuItemResult } },
      config: { access: 'admin' },
    },
    async (request) => ({
      item: await changeItem(app.services, viewerOf(request), {
        itemId: request.params.id,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/api/admin/menu/items/:id',
    { schema: { tags, params: ItemParams, response: { 204: z.null() } }, config: { access: 'admin' } },
    async (request, reply) => {
      await removeItem(app.services, viewerOf(request), { itemId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/menu/items/:id/availability',
    {
      schema: {
        tags,
        summary: 'Mark an item available today or not (bar staff too)',
        params: ItemParams,
        body: MenuAvailability,
        response: { 200: MenuItemResult },
      },
      config: { access: 'staff' },
    },
    async (request) => ({
      item: await setAvailability(app.services, viewerOf(request), {
        itemId: request.params.id,
        available: request.body.available,
      }),
    }),
  );

  // A dish's picture travels as the image's own bytes; lib/images.ts checks them (and the size).
  await app.register(async (pictures) => {
    acceptFileBodies(pictures, { maxBytes: IMAGE_MAX_BYTES, what: 'picture' });
    pictures.put(
      '/api/admin/menu/items/:id/image',
      {
        schema: {
          tags,
          summary:
            "Set a dish's picture (the image file itself as the body: JPEG, PNG, WebP, GIF, AVIF or HEIC)",
          consumes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic'],
          params: ItemParams,
          body: fileBody('the image file'),
          response: { 200: MenuItemResult },
        },
        config: { access: 'admin' },
      },
      async (request) => ({
        item: await setItemPicture(app.services, viewerOf(request), {
          itemId: (request.params as { id: string }).id,
          bytes: request.body,
        }),
      }),
    );
    pictures.delete(
      '/api/admin/menu/items/:id/image',
      {
        schema: {
          tags,
          summary: "Remove a dish's picture",
          params: ItemParams,
          response: { 200: MenuItemResult },
        },
        config: { access: 'admin' },
      },
      async (request) => ({
        item: await removeItemPicture(app.services, viewerOf(request), {
          itemId: (request.params as { id: string }).id,
        }),
      }),
    );
  });

  // The uploaded menu travels as the PDF's own bytes; the server checks them, not the declared type.
  await app.register(async (pdfs) => {
    acceptFileBodies(pdfs, { maxBytes: MENU_LIMITS.pdfMaxBytes, what: 'PDF' });

    pdfs.put(
      '/api/admin/menu/pdf',
      {
        schema: {
          tags,
          summary: 'Upload the menu as a PDF (the file itself as the body, at most 10 MB)',
          consumes: ['application/pdf'],
          body: fileBody('the PDF file'),
          response: { 200: MenuPdfInfo },
        },
        config: { access: 'admin' },
      },
      async (request) => uploadPdf(app.services, viewerOf(request), { bytes: request.body }),
    );

    pdfs.delete(
      '/api/admin/menu/pdf',
      {
        schema: {
          tags,
          summary: 'Remove the uploaded PDF: guests see the menu, and the PDF made from it, again',
          response: { 200: MenuPdfInfo },
        },
        config: { access: 'admin' },
      },
      async (request) => removePdf(app.services, viewerOf(request)),
    );
  });

  app.put(
    '/api/admin/menu/pdf/guests-see',
    {
      schema: {
        tags,
        summary:
          'Choose which menu guests see once a PDF is uploaded: the menu in the app, the PDF, or both, labelled',
        body: MenuGuestsSeeInput,
        response: { 200: MenuPdfInfo, ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request) => chooseGuestsSee(app.services, viewerOf(request), request.body),
  );
};
