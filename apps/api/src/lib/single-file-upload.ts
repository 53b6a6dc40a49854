import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-types';
import { type AppError, badRequest } from './app-error';

/**
 * A route scope that accepts one uploaded file in the multipart field `file` (pictures, fixture
 * files): tight limits on everything else a multipart body may carry.
 */
export async function acceptSingleFileUpload(app: AppInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
  });
}

/** The uploaded file's name and bytes; `invalid` when there is none, `tooLarge` past the limit. */
export async function readSingleFileUpload(
  app: AppInstance,
  request: FastifyRequest,
  errors: { invalid: string; tooLarge: () => AppError },
): Promise<{ fileName: string; content: Buffer }> {
  if (!request.isMultipart()) throw badRequest(errors.invalid);
  const part = await request.file();
  if (part?.fieldname !== 'file') throw badRequest(errors.invalid);
  try {
    return { fileName: part.filename, content: await part.toBuffer() };
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw errors.tooLarge();
    throw error;
  }
}
