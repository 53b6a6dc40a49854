import {
  ALERT_MESSAGES,
  type AlertMode,
  type AlertSettingsResponse,
  MESSAGES,
  type UnsubscribeResponse,
} from '@tips/contract';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  findDefaultMode,
  listFollowModes,
  readUnsubscribeState,
  updateFollowMode,
  upsertDefaultMode,
  userExists,
} from './alert-settings.repo';
import { UNSUBSCRIBE_LINK_TTL_MS, type UnsubscribeLink, type UnsubscribeTokens } from './unsubscribe-token';

export interface AlertSettingsDeps {
  db: Db;
  clock: Clock;
  tokens: UnsubscribeTokens;
}

export type AlertSettingsService = ReturnType<typeof createAlertSettingsService>;

/**
 * Alert settings: a default mode (instant, daily digest, off; 'off' silences every tipster) and a
 * mode per followed tipster that overrides the default. The signed unsubscribe link turns one
 * tipster's emails off (instant alerts) or all of them (the digest), without a login.
 */
export function createAlertSettingsService({ db, clock, tokens }: AlertSettingsDeps) {
  async function settings(userId: number): Promise<AlertSettingsResponse> {
    const [mode, tipsters] = await Promise.all([findDefaultMode(db, userId), listFollowModes(db, userId)]);
    return { mode, tipsters };
  }

  async function assertLinkStillGoverns(link: UnsubscribeLink, now: Date): Promise<void> {
    const state = await readUnsubscribeState(db, link.userId, link.tipsterId);
    const alreadyOff = link.tipsterId === null ? state.defaultMode === 'off' : state.follow?.mode === 'off';
    if (alreadyOff) return;
    const expired = now.getTime() - link.issuedAt.getTime() > UNSUBSCRIBE_LINK_TTL_MS;
    // A tipster's emails follow the default too, so a change to either undoes that tipster's link.
    const changes = [state.defaultChangedAt, link.tipsterId === null ? null : state.follow?.changedAt];
    const changedSince = changes.some((at) => at != null && at.getTime() > link.issuedAt.getTime());
    if (expired || changedSince) throw badRequest([ALERT_MESSAGES.unsubscribeLinkExpired]);
  }

  return {
    settings,

    async setDefaultMode(userId: number, mode: AlertMode): Promise<AlertSettingsResponse> {
      await upsertDefaultMode(db, userId, mode, clock.now());
      return settings(userId);
    },

    async setTipsterMode(userId: number, tipsterId: number, mode: AlertMode | null) {
      const name = await updateFollowMode(db, userId, tipsterId, mode, clock.now());
      if (name === undefined) throw notFound(ALERT_MESSAGES.notFollowing);
      return settings(userId);
    },

    /**
     * Idempotent: a second click (or a mail client's POST after the person's) changes nothing more.
     * A link older than UNSUBSCRIBE_LINK_TTL_MS, or than a change to the settings it would turn off,
     * is refused (decision 113) unless those emails are off already.
     */
    async unsubscribe(token: string): Promise<UnsubscribeResponse> {
      const scope = tokens.verify(token);
      if (!scope || !(await userExists(db, scope.userId))) {
        throw badRequest([ALERT_MESSAGES.invalidUnsubscribeLink]);
      }
      const now = clock.now();
      await assertLinkStillGoverns(scope, now);
      if (scope.tipsterId === null) {
        await upsertDefaultMode(db, scope.userId, 'off', now);
        return { scope: 'all', tipsterName: null, message: ALERT_MESSAGES.unsubscribedAll };
      }
      const name = await updateFollowMode(db, scope.userId, scope.tipsterId, 'off', now);
      // Unfollowed since the email was sent: nothing is mailed about that tipster any more anyway.
      if (name === undefined)
        return { scope: 'tipster', tipsterName: null, message: MESSAGES.tipsterNotFound };
      return { scope: 'tipster', tipsterName: name, message: ALERT_MESSAGES.unsubscribedTipster(name) };
    },
  };
}
