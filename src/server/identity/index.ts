// Identity: who is signed in. The product is an OpenID Connect relying party of any issuer
// (OIDC_ISSUER) or of the embedded one at /idp; sessions are server-side rows behind an
// HttpOnly cookie, with a CSRF token for writes and a separate token for the WebSocket.
// docs/identity.md describes the flows and endpoints.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerSessionApi } from './api.ts';
import { purgeExpiredOidcPayloads } from './issuer/adapter.ts';
import { registerEmbeddedIssuer } from './issuer/index.ts';
import { STYLESHEET, STYLESHEET_PATH } from './pages.ts';
import { registerRelyingParty } from './relying-party.ts';
import { purgeOldSignInAttempts } from './sign-in-limit.ts';

export { identityMigrations } from './migrations.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export {
  createSession,
  destroySession,
  extendSession,
  resolveSession,
  verifyCsrf,
  SESSION_ENDED_CHANNEL,
  type CreatedSession,
  type SessionInfo,
} from './sessions.ts';
export { CSRF_COOKIE, SESSION_COOKIE } from './cookies.ts';
export { safeReturnTarget } from './relying-party.ts';
export { resolveVerifiedIdentity, type VerifiedIdentity } from './provisioning.ts';
export { registerGroupMappingApi } from './group-mappings.ts';

const HOUSEKEEPING_MS = 10 * 60_000;
/** Ended sessions are kept a day: a late /auth/logout still finds the ID token for the issuer. */
const KEEP_EXPIRED_SESSIONS = "interval '1 day'";

export async function registerIdentity(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(STYLESHEET_PATH, async (_req, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLESHEET));

  const issuer = ctx.config.oidcIssuer === null ? registerEmbeddedIssuer(app, ctx) : null;
  registerRelyingParty(app, ctx, issuer);
  registerSessionApi(app, ctx);

  const housekeeping = setInterval(() => {
    Promise.all([
      ctx.db.query(`DELETE FROM identity_sessions WHERE expires_at < now() - ${KEEP_EXPIRED_SESSIONS}`),
      ctx.config.oidcIssuer === null ? purgeExpiredOidcPayloads(ctx) : Promise.resolve(),
      purgeOldSignInAttempts(ctx),
    ]).catch((err) => ctx.log.warn({ err }, 'identity: housekeeping failed'));
  }, HOUSEKEEPING_MS);
  housekeeping.unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));
}
