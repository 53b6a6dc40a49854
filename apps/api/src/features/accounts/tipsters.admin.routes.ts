import {
  AdminTipsterPageSchema,
  AdminTipsterResponseSchema,
  AdminTipstersQuerySchema,
  ErrorBodySchema,
  IdParamSchema,
  TipsterUpsertBodySchema,
} from '@tips/contract';
import type { AppInstance } from '../../app-types';
import { adminDocs, backofficeErrors } from '../../lib/route-schemas';
import { authUser } from '../../plugins/auth';
import { acceptImageUploads, readImageUpload } from './image-upload';
import type { AdminTipstersService } from './tipsters-admin.service';

/** Tipster profiles: list, create, edit, and the photo (multipart, field `file`). */
export async function adminTipstersRoutes(app: AppInstance, tipsters: AdminTipstersService) {
  await acceptImageUploads(app);

  app.get(
    '/tipsters',
    {
      schema: {
        ...adminDocs,
        summary: 'Tipster profiles, newest first, searchable by name or location',
        querystring: AdminTipstersQuerySchema,
        response: { 200: AdminTipsterPageSchema, ...backofficeErrors },
      },
    },
    async (request) => tipsters.list(request.query),
  );

  app.get(
    '/tipsters/:id',
    {
      schema: {
        ...adminDocs,
        params: IdParamSchema,
        response: { 200: AdminTipsterResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({ data: await tipsters.get(request.params.id) }),
  );

  app.post(
    '/tipsters',
    {
      schema: {
        ...adminDocs,
        summary: 'Create a tipster profile',
        body: TipsterUpsertBodySchema,
        response: { 201: AdminTipsterResponseSchema, ...backofficeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await tipsters.create(authUser(request).id, request.body) }),
  );

  app.put(
    '/tipsters/:id',
    {
      schema: {
        ...adminDocs,
        summary: 'Edit a tipster profile',
        params: IdParamSchema,
        body: TipsterUpsertBodySchema,
        response: { 200: AdminTipsterResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({
      data: await tipsters.update(authUser(request).id, request.params.id, request.body),
    }),
  );

  app.post(
    '/tipsters/:id/photo',
    {
      schema: {
        ...adminDocs,
        summary: "Replace a tipster's photo (JPEG, PNG or WebP, re-encoded)",
        consumes: ['multipart/form-data'],
        params: IdParamSchema,
        response: { 200: AdminTipsterResponseSchema, ...backofficeErrors, 413: ErrorBodySchema },
      },
    },
    async (request) => {
      const upload = await readImageUpload(app, request);
      return { data: await tipsters.replacePhoto(authUser(request).id, request.params.id, upload) };
    },
  );
}
