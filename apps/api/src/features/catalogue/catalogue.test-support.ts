import type { LightMyRequestResponse } from 'fastify';
import { signTestAccessToken } from '../../../test/session-token.test-support';
import type { TestApp } from '../../../test/test-app';
import type { Db } from '../../db/client';
import { entitlements, follows } from '../../db/schema';
import { createUser } from '../../db/seed/factories';

/** Helpers shared by the catalogue's integration tests. */

export async function tokenFor(t: TestApp, user: { id: number; roles: string[] }): Promise<string> {
  return signTestAccessToken(t, user);
}

export async function createSignedInUser(t: TestApp, roles: string[] = ['user']) {
  const user = await createUser(t.database.db, { roles });
  return { user, token: await tokenFor(t, user) };
}

export function get(t: TestApp, url: string, token?: string | null): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** GET that must answer 200; returns the parsed body. */
export async function getOk<T>(t: TestApp, url: string, token?: string | null): Promise<T> {
  const response = await get(t, url, token);
  if (response.statusCode !== 200) {
    throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json() as T;
}

export async function grantTip(db: Db, userId: number, tipId: number): Promise<void> {
  await db.insert(entitlements).values({ userId, tipId, source: 'admin' });
}

export async function follow(db: Db, userId: number, tipsterId: number): Promise<void> {
  await db.insert(follows).values({ userId, tipsterId });
}

/** Tests change data behind the API's back: forget what the catalogue cached. */
export async function freshCatalogue(t: TestApp): Promise<void> {
  await t.services.catalogueCache.invalidateAll();
}
