import type { AppInstance } from '../../app';
import type { FeatureDeps } from '../registry';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';
import { contactRoutes } from './contact.routes';
import { createContactService } from './contact.service';
import { warmUpPasswordHashing } from './passwords';
import { profileRoutes } from './profile.routes';
import { createProfileService } from './profile.service';
import { createProfileImageService } from './profile-image.service';
import { createRecaptchaVerifier } from './recaptcha';
import { createSessionsService } from './sessions.service';

/**
 * `POST /users/logout` has no payload (SPEC §7), but HTTP clients often still send
 * `Content-Type: application/json` with an empty body, which Fastify refuses. In this feature's
 * scope an empty JSON body reads as no body; anything else goes to Fastify's own (poisoning-safe) parser.
 */
function acceptEmptyJsonBodies(app: AppInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/** The accounts feature: wires its services from the app's deps and registers its routes. */
export async function accountsFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  const { config, clock } = deps;
  const db = deps.database.db;
  const sessions = createSessionsService({
    db,
    clock,
    accessTokens: deps.services.accessTokens,
    refreshTokenKey: config.jwt.secret,
  });
  const recaptcha = createRecaptchaVerifier(config.recaptcha, app.log);
  const accounts = createAccountsService({ db, clock, publicUrl: config.publicUrl, sessions, recaptcha });
  const profile = createProfileService({ db, clock, publicUrl: config.publicUrl, sessions });
  const images = createProfileImageService({ db, clock, dataDir: config.dataDir });
  const contact = createContactService({ db, clock, supportEmail: config.mail.supportEmail });

  acceptEmptyJsonBodies(app);
  // Computed once now, so the first login of an unknown user costs what every other one costs.
  await warmUpPasswordHashing();
  await accountsRoutes(app, { accounts, sessions });
  await profileRoutes(app, { profile, images });
  await contactRoutes(app, contact);
}
