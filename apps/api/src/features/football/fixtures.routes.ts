import { ErrorBodySchema } from '@tips/contract';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { acceptSingleFileUpload, readSingleFileUpload } from '../../lib/single-file-upload';
import { authUser } from '../../plugins/auth';
import {
  FixtureIdParamSchema,
  FixtureImportResultSchema,
  FixtureListQuerySchema,
  FixturePageSchema,
  FixtureSchema,
} from './fixture.schemas';
import type { FixturesService } from './fixtures.service';

const fixturesTag = { tags: ['fixtures'] };
const errors = { 400: ErrorBodySchema };

/** The largest openfootball file is about 170 KB; a season of any league fits well within this. */
export const MAX_IMPORT_FILE_BYTES = 5 * 1024 * 1024;

/** Public fixture lists and details. */
export async function fixturesRoutes(app: AppInstance, fixtures: FixturesService) {
  app.get(
    '/fixtures',
    {
      schema: {
        ...fixturesTag,
        summary: 'Fixtures by kick-off (default: from now), by competition and team name',
        querystring: FixtureListQuerySchema,
        response: { 200: FixturePageSchema, ...errors },
      },
    },
    async (request) => fixtures.list(request.query),
  );

  app.get(
    '/fixtures/:id',
    {
      schema: {
        ...fixturesTag,
        params: FixtureIdParamSchema,
        response: { 200: FixtureSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => fixtures.get(request.params.id),
  );
}

/** POST /admin/fixtures/import: one openfootball JSON file (multipart field `file`). */
export async function adminFixturesRoutes(app: AppInstance, fixtures: FixturesService) {
  await acceptSingleFileUpload(app, MAX_IMPORT_FILE_BYTES);
  app.post(
    '/import',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Import one openfootball JSON file (e.g. en.1.json): fixtures added, updated, unchanged',
        consumes: ['multipart/form-data'],
        response: {
          200: FixtureImportResultSchema,
          ...errors,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          413: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const upload = await readSingleFileUpload(app, request, {
        invalid: 'Upload one openfootball JSON file in the multipart field "file".',
        tooLarge: () =>
          new AppError(
            413,
            'PAYLOAD_TOO_LARGE',
            `The file is too large (at most ${MAX_IMPORT_FILE_BYTES} bytes).`,
          ),
      });
      return fixtures.importFile(authUser(request).id, upload.fileName, upload.content);
    },
  );
}
