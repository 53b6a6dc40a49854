import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  ChangePasswordBodySchema,
  ChangePasswordResponseSchema,
  ErrorBodySchema,
  MESSAGES,
  ProfileImageResponseSchema,
  ProfileResponseSchema,
  ProfileUpdateBodySchema,
  ProfileUpdateResponseSchema,
} from '@tips/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { requestLanguage } from '../../infra/mail/request-language';
import { notFound } from '../../lib/app-error';
import { authUser } from '../../plugins/auth';
import { accountRateLimit } from '../../plugins/rate-limit';
import { accountErrors } from './accounts.routes';
import { acceptImageUploads, readImageUpload } from './image-upload';
import { type ProfileService, toUserProfile } from './profile.service';
import type { ProfileImageService } from './profile-image.service';
import { isUploadedImageFile, PROFILE_IMAGE_FILE_PATTERN } from './profile-image-files';

// The current password is checked on these: limit guesses by whoever holds the access token.
export const PROFILE_RATE_LIMITS = {
  profileWrite: { max: 10, timeWindow: '15 minutes' },
  imageUpload: { max: 20, timeWindow: '1 hour' },
} as const;

// The pattern is checked in the handler so that any other name is a plain 404.
const ImageFileParamsSchema = z.object({ file: z.string().max(200) });

export interface ProfileRoutesDeps {
  profile: ProfileService;
  images: ProfileImageService;
}

/** The signed-in user's profile, password and picture; and the pictures themselves. */
export async function profileRoutes(app: AppInstance, { profile, images }: ProfileRoutesDeps) {
  await acceptImageUploads(app);

  const perUser = (name: string, limit: { max: number; timeWindow: string }) =>
    accountRateLimit(app, { name, ...limit, account: (request) => request.user?.id });
  const profileWriteLimit = perUser('profile-write', PROFILE_RATE_LIMITS.profileWrite);
  const signedIn = { tags: ['users'], security: [{ bearerAuth: [] }] };

  app.get(
    '/users/profile',
    {
      preHandler: app.requireUser,
      schema: { ...signedIn, response: { 200: ProfileResponseSchema, 401: accountErrors[401] } },
    },
    async (request) => ({ data: await profile.getProfile(authUser(request).id) }),
  );

  app.put(
    '/users/profile',
    {
      preHandler: [app.requireUser, profileWriteLimit],
      schema: {
        ...signedIn,
        body: ProfileUpdateBodySchema,
        response: { 200: ProfileUpdateResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      const full = toUserProfile(
        await profile.updateProfile(authUser(request).id, request.body, requestLanguage(request)),
      );
      return {
        data: { username: full.username, profileImage: full.profileImage, creditBalance: full.creditBalance },
      };
    },
  );

  app.put(
    '/users/profile/password',
    {
      preHandler: [app.requireUser, profileWriteLimit],
      schema: {
        ...signedIn,
        body: ChangePasswordBodySchema,
        response: { 200: ChangePasswordResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      const pair = await profile.changePassword(authUser(request).id, request.body);
      return {
        ok: true as const,
        message: MESSAGES.passwordChanged,
        Tokens: { access_token: pair.accessToken, refresh_token: pair.refreshToken },
      };
    },
  );

  app.post(
    '/users/profile/image',
    {
      preHandler: [app.requireUser, perUser('profile-image', PROFILE_RATE_LIMITS.imageUpload)],
      schema: {
        ...signedIn,
        consumes: ['multipart/form-data'],
        response: { 200: ProfileImageResponseSchema, ...accountErrors, 413: accountErrors[400] },
      },
    },
    async (request) => {
      const upload = await readImageUpload(app, request);
      const url = await images.replaceProfileImage(authUser(request).id, upload);
      return { data: { profileImage: url } };
    },
  );

  app.get(
    '/users/profile-images/:file',
    {
      config: { ignoreAccessToken: true },
      schema: {
        tags: ['users'],
        params: ImageFileParamsSchema,
        response: {
          // A file stream: the bytes of a WebP picture, which no JSON Schema describes.
          200: { description: 'The picture', content: { 'image/webp': { schema: z.any() } } },
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!PROFILE_IMAGE_FILE_PATTERN.test(request.params.file)) throw notFound();
      const file = path.join(images.dir, request.params.file);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw notFound();
      return reply
        .type('image/webp')
        .header('content-length', info.size)
        .header('last-modified', info.mtime.toUTCString())
        .header(
          'cache-control',
          // Uploads get a new name each time, so they never change; seeded pictures might.
          isUploadedImageFile(request.params.file)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=86400',
        )
        .header('cross-origin-resource-policy', 'same-site')
        .send(createReadStream(file));
    },
  );
}
