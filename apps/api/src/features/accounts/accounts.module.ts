import type { AppInstance, FeatureDeps } from '../../app-types';
import { registerAudience } from '../../plugins/audience';
import { accountPrivacyRoutes } from './account-privacy.routes';
import { createAccountPrivacyService } from './account-privacy.service';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService, LOGIN_FAILURE_LIMITS } from './accounts.service';
import { adminContactRoutes } from './contact.admin.routes';
import { contactRoutes } from './contact.routes';
import { createContactService } from './contact.service';
import { createAdminContactService } from './contact-admin.service';
import { languageHandoffRoutes } from './language-handoff.routes';
import { createLanguageHandoffService } from './language-handoff.service';
import { createFailureCounter } from './login-failures';
import { warmUpPasswordHashing } from './passwords';
import { profileRoutes } from './profile.routes';
import { createProfileService } from './profile.service';
import { createProfileImageService } from './profile-image.service';
import { createRecaptchaVerifier } from './recaptcha';
import { createSessionsService } from './sessions.service';
import { tipsterApplicationRoutes } from './tipster-applications.routes';
import { createTipsterApplicationsService } from './tipster-applications.service';
import { adminTipstersRoutes } from './tipsters.admin.routes';
import { createAdminTipstersService } from './tipsters-admin.service';
import { adminUsersRoutes } from './users.admin.routes';
import { createAdminUsersService } from './users-admin.service';

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

/**
 * Accounts: sign-up, sessions, profiles and contact; admins manage users, tipster accounts and
 * contact messages under /api/admin. Each audience has its own scope (the empty-body parser is the
 * public routes' only).
 */
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
  const loginFailures = createFailureCounter({
    redis: deps.redis,
    clock,
    windowMs: LOGIN_FAILURE_LIMITS.windowMs,
  });
  const accounts = createAccountsService({
    db,
    loginFailures,
    clock,
    publicUrl: config.publicUrl,
    sessions,
    recaptcha,
  });
  const handoff = createLanguageHandoffService({ db, clock, sessions });
  const profile = createProfileService({ db, clock, publicUrl: config.publicUrl, sessions });
  const images = createProfileImageService({ db, clock, dataDir: config.dataDir });
  const privacy = createAccountPrivacyService({ db, clock, sessions });
  const contact = createContactService({ db, clock, supportEmail: config.mail.supportEmail });

  const users = createAdminUsersService({ db, clock, recentOrdersOfUser: deps.services.recentOrdersOfUser });
  const tipsters = createAdminTipstersService({
    db,
    clock,
    dataDir: config.dataDir,
    onCatalogueChanged: deps.services.onCatalogueChanged,
  });
  const contactAdmin = createAdminContactService({ db, clock });
  const applications = createTipsterApplicationsService({
    db,
    clock,
    onCatalogueChanged: deps.services.onCatalogueChanged,
  });

  // Computed once now, so the first login of an unknown user costs what every other one costs.
  await warmUpPasswordHashing();
  await app.register(async (scope) => {
    acceptEmptyJsonBodies(scope);
    await accountsRoutes(scope, { accounts, sessions });
    await languageHandoffRoutes(scope, handoff);
    await profileRoutes(scope, { profile, images });
    await contactRoutes(scope, contact);
    await accountPrivacyRoutes(scope, privacy);
    await tipsterApplicationRoutes(scope, applications);
  });
  await registerAudience(app, 'admin', async (admin) => {
    await adminUsersRoutes(admin, users);
    await adminTipstersRoutes(admin, tipsters);
    await adminContactRoutes(admin, contactAdmin);
  });
}
