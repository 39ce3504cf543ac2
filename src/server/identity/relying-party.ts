// The product as an OpenID Connect relying party (openid-client), always, also against the
// embedded issuer: /auth/login starts the authorization code flow with PKCE, state and
// nonce; /auth/callback finishes it (the ID token's signature checked against the issuer's
// keys) and opens a session; /auth/logout ends the session and the issuer's. Any standard
// issuer works through discovery (OIDC_ISSUER). When the issuer cannot be reached, the
// browser gets the product's own page, never a connection error.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { AppContext } from '../context.ts';
import { auditSignIn, auditSignOut, refuseSignIn } from './audit-events.ts';
import { SESSION_COOKIE, clearCookie, readCookie, readCookies, serializeCookie, signValue, verifySignedValue, deriveSecret } from './cookies.ts';
import { claimValues, syncMappedGroups } from './group-mappings.ts';
import type { EmbeddedIssuer } from './issuer/index.ts';
import { callbackUrl, postLogoutUrl } from './issuer/provider.ts';
import { describeError, issuerUnreachable, openIssuerLine, type IssuerConnection } from './issuer-connection.ts';
import { messagePage } from './pages.ts';
import {
  bootstrapAdministrator, clearVerifiedIdentityCookie, isBootstrapAdmin, verifiedIdentityCookies,
} from './provisioning.ts';
import { sendPage } from './replies.ts';
import { clearSessionCookies, createSession, destroySession, findSessionForLogout, resolveSession } from './sessions.ts';

const FLOW_TTL_SECONDS = 10 * 60;
const FLOW_COOKIE_PREFIX = 'auth_flow_';
const FLOW_COOKIE_PATH = '/auth';
/** Sign-ins pending at once in one browser (tabs); older ones are dropped so cookies cannot pile up. */
const MAX_PENDING_FLOWS = 3;
const AFTER_LOGOUT_COOKIE = 'auth_after_logout';
/**
 * Set when a session ends (log out); with a session cookie whose session has ended (idle
 * expiry) it makes the next sign-in ask the issuer for credentials again (prompt=login,
 * max_age=0) instead of reusing the issuer's own session. Cleared by the next sign-in.
 */
export const REAUTH_COOKIE = 'auth_reauth';
/** How far before the start of a sign-in that had to ask for credentials the issuer's auth_time may be (clock skew). */
const REAUTH_SKEW_SECONDS = 10;
const WANTED_SCOPES = ['openid', 'email', 'profile', 'phone'];

interface Flow {
  startedAt: number;
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
  /** The issuer was asked to authenticate again (after an idle end or a log out). */
  reauth?: boolean;
  /** The return page can take a verified identity without an account (accepting an invitation). */
  allowNew?: boolean;
}

/** Where the sign-in after a log out returns, and whether that page takes a verified identity without an account. */
interface AfterLogout {
  to: string;
  allowNew: boolean;
}

export interface RelyingParty {
  connection(): Promise<IssuerConnection>;
}

/**
 * Where the browser may be sent back to: only addresses of the product itself (absolute
 * URLs on PUBLIC_URL's origin or paths). Our own /auth pages are unwrapped or refused so
 * sign-in cannot loop. Returns an absolute URL or null.
 */
export function safeReturnTarget(publicUrl: string, value: unknown, depth = 0): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048 || depth > 2) return null;
  const base = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  if (url.pathname === '/auth/login') return safeReturnTarget(publicUrl, url.searchParams.get('redirect_uri'), depth + 1);
  if (url.pathname.startsWith('/auth/') || url.pathname.startsWith('/idp/') || url.pathname.startsWith('/api/')) return null;
  return url.href;
}

const flowCookieName = (state: string) => `${FLOW_COOKIE_PREFIX}${state.slice(0, 16)}`;
const STATE_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;
const loginHref = (returnTo?: string | null) => `/auth/login${returnTo ? `?redirect_uri=${encodeURIComponent(returnTo)}` : ''}`;

/** Entra ID has no email_verified; its optional claim xms_edov (the email's domain is verified by the tenant) says the same. */
function emailVerified(claims: Record<string, unknown>): boolean {
  const yes = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';
  return claims.email_verified === true || claims.email_verified === 'true' || yes(claims.xms_edov);
}

export function registerRelyingParty(app: FastifyInstance, ctx: AppContext, issuer: EmbeddedIssuer | null): RelyingParty {
  const line = openIssuerLine(app, ctx);
  const { embedded } = line;
  const flowSecret = () => deriveSecret(ctx.config, 'auth-flow');
  const groupsClaim = embedded ? null : ctx.config.oidcGroupsClaim;

  const unavailable = (reply: FastifyReply, returnTo: string | null, signedOut = false) => sendPage(reply.header('retry-after', '30'), 503, messagePage({
    title: 'Sign-in is not available right now',
    text: signedOut
      ? 'You are signed out of this application. The identity provider is unavailable right now, so your sign-in there could not be ended. Please try again in a moment.'
      : 'The identity provider is unavailable right now. Please try again in a moment.',
    action: { href: loginHref(returnTo), label: 'Try again' },
  }));

  app.get<{ Querystring: Record<string, unknown> }>('/auth/login', async (req, reply) => {
    const afterLogout = verifySignedValue<AfterLogout>(flowSecret(), 'after-logout', readCookie(req, AFTER_LOGOUT_COOKIE));
    const explicit = safeReturnTarget(ctx.config.publicUrl, req.query.redirect_uri);
    const returnTo = explicit ?? safeReturnTarget(ctx.config.publicUrl, afterLogout?.to) ?? `${ctx.config.publicUrl}/`;
    const allowNew = explicit ? req.query.new_account === '1' : afterLogout?.allowNew === true;
    const cookies: string[] = [];
    if (readCookie(req, AFTER_LOGOUT_COOKIE)) cookies.push(clearCookie(ctx.config, AFTER_LOGOUT_COOKIE, { path: '/auth' }));
    reply.header('cache-control', 'no-store');

    // Another tab may have signed in already: no need to visit the issuer again.
    if (await resolveSession(ctx, req, { touch: false })) {
      return reply.header('set-cookie', cookies).redirect(returnTo, 303);
    }
    // A session cookie without a live session: the session ended (idle expiry). Like a log
    // out, that makes the issuer ask for credentials again rather than reuse its own session.
    const reauth = !!readCookie(req, REAUTH_COOKIE) || !!readCookie(req, SESSION_COOKIE);

    let conn: IssuerConnection;
    try {
      conn = await line.connection();
    } catch {
      return unavailable(reply.header('set-cookie', cookies), returnTo);
    }
    const { config } = conn;
    // Keep the most recent pending sign-ins (other tabs) working; drop older and broken ones.
    const pending = Object.entries(readCookies(req))
      .filter(([name]) => name.startsWith(FLOW_COOKIE_PREFIX))
      .map(([name, value]) => ({ name, flow: verifySignedValue<Flow>(flowSecret(), 'auth-flow', value) }))
      .sort((a, b) => (b.flow?.startedAt ?? -1) - (a.flow?.startedAt ?? -1));
    for (const [i, { name, flow }] of pending.entries()) {
      if (!flow || i >= MAX_PENDING_FLOWS - 1) cookies.push(clearCookie(ctx.config, name, { path: FLOW_COOKIE_PATH }));
    }

    const flow: Flow = {
      startedAt: Date.now(),
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      returnTo,
      reauth,
      allowNew,
    };
    const supported = config.serverMetadata().scopes_supported;
    const scope = WANTED_SCOPES.filter((s) => s === 'openid' || !supported || supported.includes(s)).join(' ');
    const target = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(ctx),
      scope,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      ...(reauth ? { prompt: 'login', max_age: '0' } : {}),
    });
    // Never send the browser to an issuer that does not answer: it would show a connection error.
    if (!(await line.reachable(target))) {
      req.log.warn({ issuer: line.name, endpoint: `${target.origin}${target.pathname}` },
        'identity: the identity provider does not answer; sign-in is not available');
      return unavailable(reply.header('set-cookie', cookies), returnTo);
    }
    cookies.push(serializeCookie(ctx.config, flowCookieName(flow.state), signValue(flowSecret(), 'auth-flow', flow, FLOW_TTL_SECONDS),
      { path: FLOW_COOKIE_PATH, maxAgeSeconds: FLOW_TTL_SECONDS }));
    return reply.header('set-cookie', cookies).redirect(target.href, 303);
  });

  app.get<{ Querystring: Record<string, unknown> }>('/auth/callback', async (req, reply) => {
    const state = typeof req.query.state === 'string' && STATE_SHAPE.test(req.query.state) ? req.query.state : null;
    const flow = state ? verifySignedValue<Flow>(flowSecret(), 'auth-flow', readCookie(req, flowCookieName(state))) : null;
    const cookies = state ? [clearCookie(ctx.config, flowCookieName(state), { path: FLOW_COOKIE_PATH })] : [];
    reply.header('set-cookie', cookies);
    const again = (returnTo?: string) => ({ href: loginHref(returnTo), label: 'Sign in again' });

    if (!flow || flow.state !== state) {
      req.log.warn({ reason: 'flow_expired' }, 'identity: sign-in callback without its sign-in cookie');
      return sendPage(reply, 400, messagePage({
        title: 'This sign-in link has expired',
        text: 'Sign-in took too long or was started in another window. Please sign in again.',
        action: again(),
      }));
    }
    if (typeof req.query.error === 'string') {
      const cancelled = req.query.error === 'access_denied';
      const described = String(req.query.error_description ?? req.query.error).slice(0, 300);
      if (cancelled) req.log.info({ reason: 'cancelled' }, 'identity: sign-in cancelled at the identity provider');
      else await refuseSignIn(ctx, req, 'issuer_error', {}, { detail: described });
      return sendPage(reply, cancelled ? 403 : 400, messagePage({
        title: cancelled ? 'Sign-in was cancelled' : 'Sign-in could not be completed',
        text: cancelled ? 'You can sign in again whenever you are ready.' : `The identity provider answered: ${described}`,
        action: again(flow.returnTo),
      }));
    }

    let conn: IssuerConnection;
    try {
      conn = await line.connection();
    } catch {
      return unavailable(reply, flow.returnTo);
    }
    const { config, keys } = conn;

    let claims: Record<string, unknown>;
    let idToken: string;
    try {
      const current = new URL(callbackUrl(ctx));
      current.search = new URL(req.url, 'http://placeholder').search;
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      idToken = tokens.id_token!;
      // openid-client checked issuer, audience, expiry and nonce; the signature is checked here.
      await keys.verify(idToken);
      claims = { ...(tokens.claims() ?? {}) };
      // Some issuers keep email (or the groups) out of the ID token; the userinfo endpoint
      // has them. Best effort: the ID token alone decides when userinfo cannot be read.
      const wantsInfo = typeof claims.email !== 'string' || claims.email_verified === undefined
        || (groupsClaim !== null && claims[groupsClaim] === undefined);
      if (wantsInfo && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
        try {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
          claims = { ...info, ...claims, email: claims.email ?? info.email, email_verified: claims.email_verified ?? info.email_verified };
          if (groupsClaim !== null && claims[groupsClaim] === undefined) claims[groupsClaim] = info[groupsClaim];
        } catch (err) {
          req.log.warn({ reason: describeError(err) }, 'identity: userinfo could not be read; using the ID token claims');
        }
      }
    } catch (err) {
      if (issuerUnreachable(err)) {
        req.log.warn({ issuer: line.name, reason: describeError(err) }, 'identity: sign-in failed: the identity provider is unavailable');
        return unavailable(reply, flow.returnTo);
      }
      await refuseSignIn(ctx, req, 'verification_failed', {}, { detail: describeError(err) });
      return sendPage(reply, 400, messagePage({
        title: 'Sign-in could not be completed',
        text: 'The answer of the identity provider could not be verified. Please sign in again.',
        action: again(flow.returnTo),
      }));
    }

    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 200) : null;
    const verified = emailVerified(claims);
    const otherAccount = {
      href: `/auth/logout?redirect_uri=${encodeURIComponent(flow.returnTo)}${flow.allowNew ? '&new_account=1' : ''}`,
      label: 'Sign in with another account',
    };

    // After an idle end or a log out the issuer was asked to authenticate again; an issuer
    // that says it did not (auth_time before this sign-in began) is not believed.
    const authTime = typeof claims.auth_time === 'number' ? claims.auth_time : null;
    if (flow.reauth && authTime !== null && authTime < flow.startedAt / 1000 - REAUTH_SKEW_SECONDS) {
      await refuseSignIn(ctx, req, 'stale_authentication', { email }, { detail: `auth_time ${authTime}` });
      return sendPage(reply, 400, messagePage({
        title: 'Sign-in could not be completed',
        text: 'Your identity provider did not ask for your credentials again. Please sign in again.',
        action: again(flow.returnTo),
      }));
    }
    if (!email) {
      await refuseSignIn(ctx, req, 'email_missing', {});
      return sendPage(reply, 403, messagePage({
        title: 'No email address was shared',
        text: 'Your identity provider did not share your email address, which is needed to find your account. Ask your administrator to release the email claim to this application.',
        action: otherAccount,
      }));
    }
    // The embedded issuer vouches for its own accounts; an external one must say the address is verified.
    if (!embedded && !verified) {
      await refuseSignIn(ctx, req, 'email_not_verified', { email });
      return sendPage(reply, 403, messagePage({
        title: 'Your email address is not verified',
        text: `Your identity provider has not verified ${email}. Verify it there, then sign in again.`,
        action: otherAccount,
      }));
    }
    const { rows } = await ctx.db.query<{ id: string; is_active: boolean }>(
      'SELECT id, is_active FROM users WHERE lower(email) = lower($1) LIMIT 1', [email]);
    let user = rows[0];
    // The first sign-in of an ADMIN_EMAILS address makes the deployment's administrator.
    if (!user && isBootstrapAdmin(ctx, email)) {
      user = await bootstrapAdministrator(ctx, email, name, String(req.id));
      req.log.warn({ email, userId: user.id }, 'identity: platform administrator created from ADMIN_EMAILS');
    }
    if (!user) {
      if (flow.allowNew) {
        // A page that accepts invitations asked for this: back there with a verified
        // identity it alone can use to create the account the invitation names.
        req.log.info({ email }, 'identity: verified sign-in without an account, returned to accept an invitation');
        return reply
          .header('set-cookie', verifiedIdentityCookies(ctx, { email, name, issuer: ctx.config.oidcIssuer ?? 'embedded' }))
          .header('cache-control', 'no-store')
          .redirect(flow.returnTo, 303);
      }
      await refuseSignIn(ctx, req, 'no_account', { email });
      return sendPage(reply, 403, messagePage({
        title: 'No account for this email',
        text: `There is no account for ${email}. Ask an administrator of your organisation to invite you, then open the invitation link.`,
        action: otherAccount,
      }));
    }
    if (!user.is_active) {
      await refuseSignIn(ctx, req, 'account_deactivated', { userId: user.id, email });
      return sendPage(reply, 403, messagePage({
        title: 'Your account is deactivated',
        text: 'Ask an administrator of your organisation to restore your access.',
        action: otherAccount,
      }));
    }

    // The issuer's groups decide the mapped permission groups, at every sign-in.
    if (groupsClaim !== null) {
      const values = claimValues(claims, groupsClaim);
      if (values === null) {
        req.log.warn({ claim: groupsClaim, userId: user.id }, 'identity: the groups claim cannot be read (overage or not a list); permission groups left as they were');
      } else {
        await syncMappedGroups(ctx, user.id, values, String(req.id));
      }
    }

    // A fresh session every time: a session cookie planted before sign-in is never promoted.
    const previous = await findSessionForLogout(ctx, req);
    if (previous) await destroySession(ctx, previous.id);
    const created = await createSession(ctx, user.id, {
      idToken,
      ip: req.ip,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
    });
    // Kept on the user (sessions are purged): member lists show it without reading identity's tables.
    await ctx.db.query('UPDATE users SET last_sign_in_at = now() WHERE id = $1', [user.id]);
    await auditSignIn(ctx, req, { userId: user.id, sessionId: created.session.id, issuer: line.name });
    // (The verified-identity cookie is scoped to /api/: it is not seen here, only cleared.)
    return reply
      .header('set-cookie', [...created.setCookies, clearCookie(ctx.config, REAUTH_COOKIE, { path: '/auth' }), clearVerifiedIdentityCookie(ctx)])
      .header('cache-control', 'no-store')
      .redirect(flow.returnTo, 303);
  });

  app.get<{ Querystring: Record<string, unknown> }>('/auth/logout', async (req, reply) => {
    const returnTo = safeReturnTarget(ctx.config.publicUrl, req.query.redirect_uri);
    const found = await findSessionForLogout(ctx, req);
    const ended = found ? await destroySession(ctx, found.id) : null;
    const cookies = clearSessionCookies(ctx.config);
    // The issuer sends the browser to /auth/login (the one registered address); it then
    // continues to where the product asked to return after the next sign-in, which asks
    // for credentials again.
    const after: AfterLogout | null = returnTo ? { to: returnTo, allowNew: req.query.new_account === '1' } : null;
    cookies.push(after
      ? serializeCookie(ctx.config, AFTER_LOGOUT_COOKIE, signValue(flowSecret(), 'after-logout', after, FLOW_TTL_SECONDS),
        { path: '/auth', maxAgeSeconds: FLOW_TTL_SECONDS })
      : clearCookie(ctx.config, AFTER_LOGOUT_COOKIE, { path: '/auth' }));
    cookies.push(serializeCookie(ctx.config, REAUTH_COOKIE, '1', { path: '/auth' }), clearVerifiedIdentityCookie(ctx));
    reply.header('cache-control', 'no-store');
    const audit = (issuerSession: 'ended' | 'end requested' | 'not reached' | 'none') => (found
      ? auditSignOut(ctx, req, { userId: found.userId, sessionId: found.id, issuerSession })
      : Promise.resolve());

    // The embedded issuer's session is ended here, at once: no confirmation page, and the
    // next sign-in asks for the password.
    if (issuer) {
      let endedThere = false;
      try {
        endedThere = await issuer.endBrowserSession(req);
      } catch (err) {
        req.log.warn({ reason: describeError(err) }, 'identity: the embedded issuer\'s session could not be ended');
      }
      await audit(endedThere ? 'ended' : 'none');
      return reply.header('set-cookie', [...cookies, ...issuer.clearSessionCookies()]).redirect(postLogoutUrl(ctx), 303);
    }

    reply.header('set-cookie', cookies);
    let conn: IssuerConnection;
    try {
      conn = await line.connection();
    } catch {
      await audit('not reached');
      return unavailable(reply, returnTo, true);
    }
    const { config } = conn;
    if (!config.serverMetadata().end_session_endpoint) {
      await audit('none');
      return reply.redirect(postLogoutUrl(ctx), 303);
    }
    // RP-initiated logout: the ID token names the session to end, so issuers (Keycloak,
    // Okta) end it without asking the user to confirm.
    const params: Record<string, string> = { post_logout_redirect_uri: postLogoutUrl(ctx), client_id: ctx.config.oidcClientId };
    if (ended?.idToken) params.id_token_hint = ended.idToken;
    const endSession = oidc.buildEndSessionUrl(config, params);
    if (!(await line.reachable(endSession))) {
      req.log.warn({ issuer: line.name }, 'identity: the identity provider does not answer; its session could not be ended');
      await audit('not reached');
      return unavailable(reply, returnTo, true);
    }
    await audit('end requested');
    return reply.redirect(endSession.href, 303);
  });

  return { connection: line.connection };
}
