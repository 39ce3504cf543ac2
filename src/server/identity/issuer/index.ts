// Mounts the embedded issuer at /idp on the product's own server, and serves its login
// interaction: the sign-in page, the password check with its rate limit, and the
// consent-free continuation for our own client.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { clearCookie, readCookie } from '../cookies.ts';
import { sendPage } from '../replies.ts';
import { loginPage, messagePage } from '../pages.ts';
import { refuseSignIn } from '../audit-events.ts';
import { verifyAgainstDecoy, verifyPassword } from '../passwords.ts';
import { claimSignInAttempt, settleSignIn, SIGN_IN_WINDOW_MINUTES } from '../sign-in-limit.ts';
import { createEmbeddedProvider, INTERACTION_PATH, ISSUER_PATH } from './provider.ts';

export const WRONG_CREDENTIALS = 'Email or password is incorrect';
export const TOO_MANY_ATTEMPTS = `Too many sign-in attempts. Wait ${SIGN_IN_WINDOW_MINUTES} minutes and try again.`;
const EXPIRED = {
  title: 'This sign-in page has expired',
  text: 'Go back to the application and sign in again.',
  action: { href: '/auth/login', label: 'Sign in again' },
};

export interface EmbeddedIssuer {
  provider(): Promise<Provider>;
  /**
   * Ends the issuer's own session named by the browser's cookie (and the grants it holds),
   * so the next sign-in asks for the password. Returns whether there was one.
   */
  endBrowserSession(req: FastifyRequest): Promise<boolean>;
  /** Set-Cookie values that remove the issuer's session cookie from the browser. */
  clearSessionCookies(): string[];
}

export const ISSUER_SESSION_COOKIE = 'idp_session';

export function registerEmbeddedIssuer(app: FastifyInstance, ctx: AppContext): EmbeddedIssuer {
  let pending: Promise<{ provider: Provider; handle: (req: IncomingMessage, res: ServerResponse) => void }> | null = null;
  // Built on first use: the public URL is final by then, and the signing key is read from
  // (or written to) the database once.
  const load = () => {
    if (!pending) {
      pending = createEmbeddedProvider(ctx).then((provider) => ({ provider, handle: provider.callback() }));
      pending.catch(() => { pending = null; }); // try again on the next request
    }
    return pending;
  };

  const handOff = async (req: FastifyRequest, reply: FastifyReply) => {
    // Taken over before Fastify reads the body: the issuer parses its own requests.
    reply.hijack();
    const raw = req.raw as IncomingMessage & { originalUrl?: string };
    pinToPublicUrl(raw, req.ip, ctx.config.publicUrl);
    try {
      const { handle } = await load();
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(ISSUER_PATH.length) || '/';
      handle(raw, reply.raw);
    } catch (err) {
      ctx.log.error({ err }, 'identity: embedded issuer unavailable');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      }
      reply.raw.end('Sign-in is not available right now. Please try again in a moment.');
    }
  };

  app.route({
    method: ['GET', 'POST', 'OPTIONS', 'PUT', 'DELETE', 'PATCH'],
    url: `${ISSUER_PATH}/*`,
    onRequest: handOff,
    handler: async () => undefined,
  });

  app.register(async (scope) => {
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
    }

    scope.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, async (req, reply) => {
      const { provider } = await load();
      const details = await interactionOf(provider, req, reply);
      if (!details) return sendPage(reply, 400, messagePage(EXPIRED));
      if (details.prompt.name === 'login') {
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
        return sendPage(reply, 200, loginPage({ action: `${INTERACTION_PATH}/${details.uid}/login`, email: hint }));
      }
      if (details.prompt.name === 'consent' && details.params.client_id === ctx.config.oidcClientId) {
        return finishConsent(provider, details, req, reply);
      }
      return sendPage(reply, 400, messagePage(EXPIRED));
    });

    scope.post<{ Params: { uid: string }; Body: Record<string, unknown> }>(`${INTERACTION_PATH}/:uid/login`, async (req, reply) => {
      const { provider } = await load();
      const details = await interactionOf(provider, req, reply);
      if (!details || details.prompt.name !== 'login') return sendPage(reply, 400, messagePage(EXPIRED));
      const action = `${INTERACTION_PATH}/${details.uid}/login`;
      const body = req.body && typeof req.body === 'object' ? req.body : {};
      const email = String(body.email ?? '').trim().slice(0, 320);
      const password = String(body.password ?? '');
      if (!email || !password) {
        return sendPage(reply, 400, loginPage({ action, email, error: 'Enter your email and password.' }));
      }
      const ip = req.ip || 'unknown';
      // Counted before the password is hashed: concurrent guesses cannot all slip past the limit.
      const claim = await claimSignInAttempt(ctx, email, ip);
      const { rows } = await ctx.db.query<{ id: string; password_hash: string | null; is_active: boolean }>(
        'SELECT id, password_hash, is_active FROM users WHERE lower(email) = lower($1) LIMIT 1', [email]);
      const user = rows[0];
      if (claim.blocked) {
        await refuseSignIn(ctx, req, 'rate_limited', { userId: user?.id, email }, { audit: false });
        return sendPage(reply, 429, loginPage({ action, email, error: TOO_MANY_ATTEMPTS }));
      }
      const ok = user?.password_hash ? await verifyPassword(password, user.password_hash) : await verifyAgainstDecoy(password);
      await settleSignIn(ctx, email, ip, !!user && ok);
      if (!user || !ok) {
        await refuseSignIn(ctx, req, 'wrong_credentials', { userId: user?.id, email });
        return sendPage(reply, 401, loginPage({ action, email, error: WRONG_CREDENTIALS }));
      }
      if (!user.is_active) {
        await refuseSignIn(ctx, req, 'account_deactivated', { userId: user.id, email });
        return sendPage(reply, 403, messagePage({
          title: 'Your account is deactivated',
          text: 'Ask an administrator of your organisation to restore your access.',
        }));
      }
      // remember: false keeps the issuer's cookie for this browser session only.
      return finish(provider, req, reply, { login: { accountId: user.id, remember: false } }, false);
    });
  });

  async function finishConsent(provider: Provider, details: Interaction, req: FastifyRequest, reply: FastifyReply) {
    const accountId = details.session?.accountId;
    if (!accountId) return sendPage(reply, 400, messagePage(EXPIRED));
    const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    return finish(provider, req, reply, { consent: { grantId } }, true);
  }

  async function finish(provider: Provider, req: FastifyRequest, reply: FastifyReply, result: Record<string, unknown>, merge: boolean) {
    reply.hijack();
    try {
      await provider.interactionFinished(req.raw, reply.raw, result, { mergeWithLastSubmission: merge });
    } catch (err) {
      ctx.log.warn({ err }, 'identity: interaction could not finish');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(303, { location: '/auth/login', 'cache-control': 'no-store' });
      }
      reply.raw.end();
    }
  }

  async function endBrowserSession(req: FastifyRequest): Promise<boolean> {
    const id = readCookie(req, ISSUER_SESSION_COOKIE);
    if (!id || id.length > 200) return false;
    const { provider } = await load();
    const session = await provider.Session.find(id);
    if (!session) return false;
    // The grants go with the session, as the issuer's own sign-out does.
    for (const { grantId } of Object.values(session.authorizations ?? {})) {
      if (grantId) await (await provider.Grant.find(grantId))?.destroy();
    }
    await session.destroy();
    return true;
  }

  return {
    provider: async () => (await load()).provider,
    endBrowserSession,
    clearSessionCookies: () => [ISSUER_SESSION_COOKIE, `${ISSUER_SESSION_COOKIE}.sig`]
      .map((name) => clearCookie(ctx.config, name, { path: '/' })),
  };
}

/**
 * The issuer names its endpoints and marks its cookies Secure from the request's host and
 * scheme. Those are pinned to PUBLIC_URL whatever the browser or a proxy sent, so a forged
 * X-Forwarded-Host cannot change the discovery document, and behind a TLS-terminating proxy
 * (PUBLIC_URL https) its cookies are Secure. The client address the issuer sees is the one
 * Fastify resolved under TRUST_PROXY.
 */
function pinToPublicUrl(raw: IncomingMessage, ip: string, publicUrl: string): void {
  const headers = raw.headers;
  const pub = new URL(publicUrl);
  headers.host = pub.host;
  headers['x-forwarded-host'] = pub.host;
  headers['x-forwarded-proto'] = pub.protocol.slice(0, -1);
  headers['x-forwarded-for'] = ip;
  delete headers.forwarded;
  delete headers['x-forwarded-port'];
}

async function interactionOf(provider: Provider, req: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
  try {
    const details = await provider.interactionDetails(req.raw, reply.raw);
    return details.uid === req.params.uid ? details : null;
  } catch {
    return null;
  }
}
