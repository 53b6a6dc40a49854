import {
  IdParamSchema,
  RecordAnchorPageSchema,
  RecordAnchorsQuerySchema,
  RecordExportQuerySchema,
  RecordExportSchema,
} from '@tips/contract';
import { recordToCsv } from '@tips/contract/record-verify';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { errorResponses } from '../../lib/route-schemas';
import { viewerOf } from '../tips/tip-view';
import type { RecordsService } from './records.service';

const tags = { tags: ['records'] };

/** Whether the caller asked for CSV: ?format=csv wins, then an Accept header that prefers text/csv. */
function wantsCsv(format: 'json' | 'csv' | undefined, accept: string | undefined): boolean {
  if (format) return format === 'csv';
  return /^\s*text\/csv\b/i.test(accept ?? '');
}

/** Public: a tipster's whole hash chain (decision 077) and the daily anchors over all chains. */
export async function recordsRoutes(app: AppInstance, records: RecordsService) {
  app.get(
    '/tipsters/:id/record',
    {
      schema: {
        ...tags,
        params: IdParamSchema,
        querystring: RecordExportQuerySchema,
        // JSON, or the same record as CSV (?format=csv, or Accept: text/csv).
        response: {
          200: {
            description: 'The record, as JSON or as CSV',
            content: {
              'application/json': { schema: RecordExportSchema },
              'text/csv': { schema: z.string() },
            },
          },
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const record = await records.exportRecord(request.params.id, viewerOf(request.user));
      // What a signed-in caller may see differs from the anonymous export: never shared by caches.
      reply.header('cache-control', 'private, no-store');
      if (!wantsCsv(request.query.format, request.headers.accept)) {
        // `?format=json` is the verify page's "Download JSON": saved as a file, not opened as a page
        // (the link's `download` attribute alone is ignored on some browsers and after redirects).
        if (request.query.format === 'json') {
          reply.header(
            'content-disposition',
            `attachment; filename="tipster-${record.tipster.id}-record.json"`,
          );
        }
        return record;
      }
      // A string with its own content type is sent as it is, past the JSON serializer.
      const raw = reply as unknown as FastifyReply;
      return raw
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tipster-${record.tipster.id}-record.csv"`)
        .send(recordToCsv(record));
    },
  );

  app.get(
    '/records/anchors',
    {
      schema: {
        ...tags,
        querystring: RecordAnchorsQuerySchema,
        response: { 200: RecordAnchorPageSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => records.anchors(request.query),
  );
}
