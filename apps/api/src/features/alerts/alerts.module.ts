import type { AppInstance, FeatureDeps } from '../../app-types';
import { alertSettingsRoutes } from './alert-settings.routes';
import { createAlertSettingsService } from './alert-settings.service';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';
import { createUnsubscribeTokens } from './unsubscribe-token';

/**
 * Alerts for followed tipsters (issue #20.1): the bell (notifications), the alert settings and the
 * signed unsubscribe link. Notifications are written by publishing (AppServices.alertFollowers);
 * emails by the alert mailer that server.ts starts.
 */
export async function alertsFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const db = deps.database.db;
  const { clock } = deps;
  const notifications = createNotificationsService({ db, clock });
  const settings = createAlertSettingsService({
    db,
    clock,
    tokens: createUnsubscribeTokens(deps.config.jwt.secret),
  });
  await app.register(async (scope) => {
    // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form; the token is in the URL.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
      done(null, undefined),
    );
    // The web's buttons may send `Content-Type: application/json` with no body.
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') return done(null, undefined);
      return parseJson(request, body as string, done);
    });
    await notificationsRoutes(scope, notifications);
    await alertSettingsRoutes(scope, settings, deps.config.publicUrl);
  });
}
