import multipart from '@fastify/multipart';
import { MESSAGES } from '@tips/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types';
import { badRequest } from '../../lib/app-error';
import { imageTooLarge, MAX_IMAGE_BYTES } from './profile-image.service';

/**
 * One picture per request, as multipart field `file` (a user's own picture, an admin's tipster
 * photo): tight limits on everything else a multipart body may carry.
 */
export async function acceptImageUploads(app: AppInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
  });
}

/** The uploaded picture's bytes: 400 when the body holds no `file`, 413 past MAX_IMAGE_BYTES. */
export async function readImageUpload(app: AppInstance, request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(MESSAGES.imageInvalid);
  const part = await request.file();
  if (part?.fieldname !== 'file') throw badRequest(MESSAGES.imageInvalid);
  try {
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw imageTooLarge();
    throw error;
  }
}
