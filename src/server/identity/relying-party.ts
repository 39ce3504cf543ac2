// The product as an OpenID Connect relying party (openid-client), always, also against the
// embedded issuer: /auth/login starts the authorization code flow with PKCE, state and
// nonce; /auth/callback finishes it and opens a session; /auth/logout ends the session and
// the issuer's. Any standard issuer works through discovery (OIDC_ISSUER).
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as oidc from 'openid-client';
import type { AppContext } from '../context.ts';
import { clearCookie, readCookie, readCookies, serializeCookie, signValue, verifySignedValue, deriveSecret } from './cookies.ts';
import { sendPage } from './replies.ts';
import { messagePage } from './pages.ts';
import { callbackUrl, issuerUrl, postLogoutUrl } from './issuer/provider.ts';
import { clearSessionCookies, createSession, destroySession, findSessionForLogout, resolveSession } from './sessions.ts';

const FLOW_TTL_SECONDS = 10 * 60;
const FLOW_COOKIE_PREFIX = 'auth_flow_';
const FLOW_COOKIE_PATH = '/auth';
/** Sign-ins pending at once in one browser (tabs); older ones are dropped so cookies cannot pile up. */
const MAX_PENDING_FLOWS = 3;
const AFTER_LOGOUT_COOKIE = 'auth_after_logout';
const WANTED_SCOPES = ['openid', 'email', 'profile', 'phone'];

interface Flow {
  startedAt: number;
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
}

export interface RelyingParty {
  configuration(): Promise<oidc.Configuration>;
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

/**
 * Calls to the embedded issuer go straight to this process on 127.0.0.1 (with the public
 * host and scheme as forwarding headers, so the issuer still names its public URLs): behind
 * a load balancer the server need not reach its own public address. If the loopback is
 * refused (the server listens elsewhere), the public URL is used.
 */
function loopbackFetch(ctx: AppContext): oidc.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const pub = new URL(ctx.config.publicUrl);
    if (target.origin === pub.origin && ctx.config.port > 0) {
      const headers = new Headers(options.headers as HeadersInit);
      headers.set('x-forwarded-host', pub.host);
      headers.set('x-forwarded-proto', pub.protocol.slice(0, -1));
      try {
        return await fetch(`http://127.0.0.1:${ctx.config.port}${target.pathname}${target.search}`, { ...options, headers } as RequestInit);
      } catch (err) {
        if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') throw err;
      }
    }
    return fetch(url, options as RequestInit);
  };
}

export function registerRelyingParty(app: FastifyInstance, ctx: AppContext): RelyingParty {
  const embedded = ctx.config.oidcIssuer === null;
  const flowSecret = () => deriveSecret(ctx.config, 'auth-flow');
  let discovered: Promise<oidc.Configuration> | null = null;

  // Discovery happens on first use: the embedded issuer is served by this very server,
  // which must be listening by then.
  const configuration = () => {
    if (discovered) return discovered;
    discovered = (async () => {
      const server = new URL(embedded ? issuerUrl(ctx) : ctx.config.oidcIssuer!);
      const discover = (at: URL) => oidc.discovery(at, ctx.config.oidcClientId, undefined,
        oidc.ClientSecretBasic(ctx.config.oidcClientSecret), {
          execute: at.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
          timeout: 15,
          ...(embedded ? { [oidc.customFetch]: loopbackFetch(ctx) } : {}),
        });
      try {
        return await discover(server);
      } catch (err) {
        // The issuer identifier must match exactly; some issuers (Auth0…) end theirs with a slash.
        if (embedded || server.href.endsWith('/') || !/issuer/i.test(String((err as Error).message))) throw err;
        return discover(new URL(`${server.href}/`));
      }
    })();
    discovered.catch((err) => {
      ctx.log.error({ err }, 'identity: OpenID discovery failed');
      discovered = null; // try again on the next sign-in
    });
    return discovered;
  };

  const unavailable = (reply: FastifyReply) => sendPage(reply, 503, messagePage({
    title: 'Sign-in is not available right now',
    text: 'The identity provider could not be reached. Please try again in a moment.',
    action: { href: '/auth/login', label: 'Try again' },
  }));

  app.get<{ Querystring: Record<string, unknown> }>('/auth/login', async (req, reply) => {
    const afterLogout = verifySignedValue<string>(flowSecret(), 'after-logout', readCookie(req, AFTER_LOGOUT_COOKIE));
    const returnTo = safeReturnTarget(ctx.config.publicUrl, req.query.redirect_uri)
      ?? safeReturnTarget(ctx.config.publicUrl, afterLogout)
      ?? `${ctx.config.publicUrl}/`;
    const cookies: string[] = [];
    if (readCookie(req, AFTER_LOGOUT_COOKIE)) cookies.push(clearCookie(ctx.config, AFTER_LOGOUT_COOKIE, { path: '/auth' }));

    // Another tab may have signed in already: no need to visit the issuer again.
    if (await resolveSession(ctx, req, { touch: false })) {
      return reply.header('set-cookie', cookies).header('cache-control', 'no-store').redirect(returnTo, 303);
    }

    let config: oidc.Configuration;
    try {
      config = await configuration();
    } catch {
      return unavailable(reply);
    }
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
    });
    cookies.push(serializeCookie(ctx.config, flowCookieName(flow.state), signValue(flowSecret(), 'auth-flow', flow, FLOW_TTL_SECONDS),
      { path: FLOW_COOKIE_PATH, maxAgeSeconds: FLOW_TTL_SECONDS }));
    return reply.header('set-cookie', cookies).header('cache-control', 'no-store').redirect(target.href, 303);
  });

  app.get<{ Querystring: Record<string, unknown> }>('/auth/callback', async (req, reply) => {
    const state = typeof req.query.state === 'string' && STATE_SHAPE.test(req.query.state) ? req.query.state : null;
    const flow = state ? verifySignedValue<Flow>(flowSecret(), 'auth-flow', readCookie(req, flowCookieName(state))) : null;
    const cookies = state ? [clearCookie(ctx.config, flowCookieName(state), { path: FLOW_COOKIE_PATH })] : [];
    reply.header('set-cookie', cookies);
    const again = (returnTo?: string) => ({ href: `/auth/login${returnTo ? `?redirect_uri=${encodeURIComponent(returnTo)}` : ''}`, label: 'Sign in again' });

    if (!flow || flow.state !== state) {
      return sendPage(reply, 400, messagePage({
        title: 'This sign-in link has expired',
        text: 'Sign-in took too long or was started in another window. Please sign in again.',
        action: again(),
      }));
    }
    if (typeof req.query.error === 'string') {
      const cancelled = req.query.error === 'access_denied';
      return sendPage(reply, cancelled ? 403 : 400, messagePage({
        title: cancelled ? 'Sign-in was cancelled' : 'Sign-in could not be completed',
        text: cancelled ? 'You can sign in again whenever you are ready.'
          : `The identity provider answered: ${String(req.query.error_description ?? req.query.error).slice(0, 300)}`,
        action: again(flow.returnTo),
      }));
    }

    let config: oidc.Configuration;
    try {
      config = await configuration();
    } catch {
      return unavailable(reply);
    }

    let claims: Record<string, unknown>;
    let idToken: string | undefined;
    try {
      const current = new URL(callbackUrl(ctx));
      current.search = new URL(req.url, 'http://placeholder').search;
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      idToken = tokens.id_token;
      claims = { ...(tokens.claims() ?? {}) };
      // Some issuers keep email out of the ID token; the userinfo endpoint has it. Best
      // effort: the ID token alone decides when userinfo cannot be read.
      if ((typeof claims.email !== 'string' || claims.email_verified === undefined)
        && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
        try {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
          claims = { ...info, ...claims, email: claims.email ?? info.email, email_verified: claims.email_verified ?? info.email_verified };
        } catch (err) {
          ctx.log.warn({ err }, 'identity: userinfo could not be read; using the ID token claims');
        }
      }
    } catch (err) {
      ctx.log.warn({ err }, 'identity: sign-in callback failed');
      return sendPage(reply, 400, messagePage({
        title: 'Sign-in could not be completed',
        text: 'The answer of the identity provider could not be verified. Please sign in again.',
        action: again(flow.returnTo),
      }));
    }

    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    // Entra ID has no email_verified; its optional claim xms_edov (the email's domain is
    // verified by the tenant) says the same thing.
    const verified = claims.email_verified === true || claims.email_verified === 'true' || claims.xms_edov === true
      || claims.xms_edov === 'true' || claims.xms_edov === 1 || claims.xms_edov === '1';
    const otherAccount = { href: '/auth/logout', label: 'Sign in with another account' };
    if (!email) {
      return sendPage(reply, 403, messagePage({
        title: 'No email address was shared',
        text: 'Your identity provider did not share your email address, which is needed to find your account. Ask your administrator to release the email claim to this application.',
        action: otherAccount,
      }));
    }
    // The embedded issuer vouches for its own accounts; an external one must say the address is verified.
    if (!embedded && !verified) {
      return sendPage(reply, 403, messagePage({
        title: 'Your email address is not verified',
        text: `Your identity provider has not verified ${email}. Verify it there, then sign in again.`,
        action: otherAccount,
      }));
    }
    const { rows } = await ctx.db.query<{ id: string; is_active: boolean }>(
      'SELECT id, is_active FROM users WHERE lower(email) = lower($1) LIMIT 1', [email]);
    const user = rows[0];
    if (!user) {
      return sendPage(reply, 403, messagePage({
        title: 'No account for this email',
        text: `There is no account for ${email}. Ask an administrator of your organisation to invite you.`,
        action: otherAccount,
      }));
    }
    if (!user.is_active) {
      return sendPage(reply, 403, messagePage({
        title: 'Your account is deactivated',
        text: 'Ask an administrator of your organisation to restore your access.',
        action: otherAccount,
      }));
    }

    // A fresh session every time: a session cookie planted before sign-in is never promoted.
    const previous = await findSessionForLogout(ctx, req);
    if (previous) await destroySession(ctx, previous.id);
    const created = await createSession(ctx, user.id, {
      idToken: idToken ?? null,
      ip: req.ip,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
    });
    // Kept on the user (sessions are purged): member lists show it without reading identity's tables.
    await ctx.db.query('UPDATE users SET last_sign_in_at = now() WHERE id = $1', [user.id]);
    return reply
      .header('set-cookie', created.setCookies)
      .header('cache-control', 'no-store')
      .redirect(flow.returnTo, 303);
  });

  app.get<{ Querystring: Record<string, unknown> }>('/auth/logout', async (req, reply) => {
    const returnTo = safeReturnTarget(ctx.config.publicUrl, req.query.redirect_uri);
    const found = await findSessionForLogout(ctx, req);
    const ended = found ? await destroySession(ctx, found.id) : null;
    const cookies = clearSessionCookies(ctx.config);
    // The issuer sends the browser to /auth/login (the one registered address); it then
    // continues to where the product asked to return after the next sign-in.
    cookies.push(returnTo
      ? serializeCookie(ctx.config, AFTER_LOGOUT_COOKIE, signValue(flowSecret(), 'after-logout', returnTo, FLOW_TTL_SECONDS),
        { path: '/auth', maxAgeSeconds: FLOW_TTL_SECONDS })
      : clearCookie(ctx.config, AFTER_LOGOUT_COOKIE, { path: '/auth' }));
    reply.header('set-cookie', cookies).header('cache-control', 'no-store');

    let endSession: URL | null = null;
    try {
      const config = await configuration();
      if (config.serverMetadata().end_session_endpoint) {
        const params: Record<string, string> = { post_logout_redirect_uri: postLogoutUrl(ctx), client_id: ctx.config.oidcClientId };
        if (ended?.idToken) params.id_token_hint = ended.idToken;
        endSession = oidc.buildEndSessionUrl(config, params);
      }
    } catch {
      // Without the issuer the local sign-out still stands.
    }
    return reply.redirect(endSession?.href ?? postLogoutUrl(ctx), 303);
  });

  return { configuration };
}
