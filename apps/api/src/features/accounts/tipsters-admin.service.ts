import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type AdminTipster,
  type AdminTipsterPage,
  type AdminTipstersQuery,
  MESSAGES,
  type TipsterUpsertBody,
} from '@tips/contract';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { limitOffset, toPage } from '../../lib/paging';
import { writeAudit } from '../audit/audit.repo';
import { reencodeProfileImage } from './profile-image.service';
import { profileImagesDir, profileImageUrl } from './profile-image-files';
import {
  findTipsterWithUser,
  insertTipster,
  listTipstersForAdmin,
  lockTipsterRow,
  setTipsterImage,
  type TipsterRow,
  type TipsterWithUser,
  updateTipster,
} from './tipsters-admin.repo';

export interface AdminTipstersDeps {
  db: Db;
  clock: Clock;
  dataDir: string;
  /** Runs after a commit that changed what the public catalogue shows; must not throw. */
  onCatalogueChanged: () => Promise<void>;
}

export type AdminTipstersService = ReturnType<typeof createAdminTipstersService>;

/** Pictures uploaded here: `t<tipster id>-<uuid>.webp`, never shared, so replaced ones are deleted. */
const TIPSTER_UPLOAD_PATTERN = /^t\d+-[0-9a-f-]{36}\.webp$/;

export function toAdminTipster({ tipster, user }: TipsterWithUser): AdminTipster {
  return {
    id: tipster.id,
    name: tipster.name,
    category: tipster.category,
    location: tipster.location,
    bio: tipster.bio,
    profileImageUrl: profileImageUrl(tipster.profileImage),
    user,
    createdAt: tipster.createdAt.toISOString(),
  };
}

const profileFields = (t: TipsterRow) => ({
  name: t.name,
  category: t.category,
  location: t.location,
  bio: t.bio,
  profileImage: t.profileImage,
});

export function createAdminTipstersService(deps: AdminTipstersDeps) {
  const { db, clock } = deps;
  const dir = profileImagesDir(deps.dataDir);

  async function list(query: AdminTipstersQuery): Promise<AdminTipsterPage> {
    const { rows, total } = await listTipstersForAdmin(db, query.q, limitOffset(query));
    return toPage(rows.map(toAdminTipster), total, query);
  }

  async function get(tipsterId: number): Promise<AdminTipster> {
    const row = await findTipsterWithUser(db, tipsterId);
    if (!row) throw notFound(MESSAGES.tipsterNotFound);
    return toAdminTipster(row);
  }

  async function create(adminId: number, body: TipsterUpsertBody): Promise<AdminTipster> {
    const now = clock.now();
    const id = await db.transaction(async (tx) => {
      const tipster = await insertTipster(tx, body, now);
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'tipster.create',
        entity: 'tipster',
        entityId: tipster.id,
        after: profileFields(tipster),
        now,
      });
      return tipster.id;
    });
    await deps.onCatalogueChanged();
    return get(id);
  }

  async function update(adminId: number, tipsterId: number, body: TipsterUpsertBody): Promise<AdminTipster> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const before = await lockTipsterRow(tx, tipsterId);
      if (!before) throw notFound(MESSAGES.tipsterNotFound);
      const after = await updateTipster(tx, tipsterId, body);
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'tipster.update',
        entity: 'tipster',
        entityId: tipsterId,
        before: profileFields(before),
        after: profileFields(after),
        now,
      });
    });
    await deps.onCatalogueChanged();
    return get(tipsterId);
  }

  /** Checks and re-encodes the picture (accounts' image rules), stores it, then points the profile at it. */
  async function replacePhoto(adminId: number, tipsterId: number, upload: Buffer): Promise<AdminTipster> {
    if (!(await findTipsterWithUser(db, tipsterId))) throw notFound(MESSAGES.tipsterNotFound);
    const webp = await reencodeProfileImage(upload);
    await mkdir(dir, { recursive: true });
    const file = `t${tipsterId}-${randomUUID()}.webp`;
    const temp = path.join(dir, `.${file}.tmp`);
    // Write then rename: a reader never sees half a file.
    await writeFile(temp, webp, { mode: 0o644 });
    await rename(temp, path.join(dir, file));
    const now = clock.now();
    let previous: string | null;
    try {
      previous = await db.transaction(async (tx) => {
        const before = await lockTipsterRow(tx, tipsterId);
        if (!before) throw notFound(MESSAGES.tipsterNotFound);
        await setTipsterImage(tx, tipsterId, file);
        await writeAudit(tx, {
          actorUserId: adminId,
          action: 'tipster.photo',
          entity: 'tipster',
          entityId: tipsterId,
          before: { profileImage: before.profileImage },
          after: { profileImage: file },
          now,
        });
        return before.profileImage;
      });
    } catch (error) {
      await rm(path.join(dir, file), { force: true });
      throw error;
    }
    if (previous && TIPSTER_UPLOAD_PATTERN.test(previous)) {
      await rm(path.join(dir, previous), { force: true }).catch(() => {});
    }
    await deps.onCatalogueChanged();
    return get(tipsterId);
  }

  return { list, get, create, update, replacePhoto };
}
