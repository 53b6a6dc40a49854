import { MESSAGES } from '@tips/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types';
import { acceptSingleFileUpload, readSingleFileUpload } from '../../lib/single-file-upload';
import { imageTooLarge, MAX_IMAGE_BYTES } from './profile-image.service';

/** One picture per request, as multipart field `file` (a user's own picture, an admin's tipster photo). */
export async function acceptImageUploads(app: AppInstance): Promise<void> {
  await acceptSingleFileUpload(app, MAX_IMAGE_BYTES);
}

/** The uploaded picture's bytes: 400 when the body holds no `file`, 413 past MAX_IMAGE_BYTES. */
export async function readImageUpload(app: AppInstance, request: FastifyRequest): Promise<Buffer> {
  const { content } = await readSingleFileUpload(app, request, {
    invalid: MESSAGES.imageInvalid,
    tooLarge: imageTooLarge,
  });
  return content;
}
