import { MESSAGES } from '@tips/contract';
import type { Db } from '../../../db/client';
import { notFound, unprocessable } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { deleteFollow, findTipster, insertFollow, listFollowedTipsters } from './follows.repo';

export interface FollowsDeps {
  db: Db;
  clock: Clock;
}

export type FollowsService = ReturnType<typeof createFollowsService>;

/** Following tipsters: idempotent both ways; a tipster cannot follow their own profile. */
export function createFollowsService({ db, clock }: FollowsDeps) {
  return {
    listFollowed: (userId: number) => listFollowedTipsters(db, userId),

    /** Returns the followed tipster's name, for the message. */
    async follow(userId: number, tipsterId: number): Promise<string> {
      const tipster = await findTipster(db, tipsterId);
      if (!tipster) throw notFound(MESSAGES.tipsterNotFound);
      if (tipster.userId === userId) throw unprocessable(MESSAGES.cannotFollowSelf);
      await insertFollow(db, userId, tipster.id, clock.now());
      return tipster.name;
    },

    async unfollow(userId: number, tipsterId: number): Promise<string> {
      const tipster = await findTipster(db, tipsterId);
      if (!tipster) throw notFound(MESSAGES.tipsterNotFound);
      await deleteFollow(db, userId, tipster.id);
      return tipster.name;
    },
  };
}
