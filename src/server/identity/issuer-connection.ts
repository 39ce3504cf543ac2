// The relying party's line to its issuer: discovery (retried in the background when the
// issuer is down at start), the issuer's keys, a reachability check made before the
// browser is sent there, and the test that tells "the issuer is unavailable" apart from
// "its answer is wrong".
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import type { AppContext } from '../context.ts';
import { IdTokenError, IssuerKeys } from './id-token.ts';
import { issuerUrl } from './issuer/provider.ts';

const DISCOVERY_TIMEOUT_SECONDS = 10;
const PROBE_TIMEOUT_MS = 4_000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60_000;

export interface IssuerConnection {
  config: oidc.Configuration;
  keys: IssuerKeys;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ECONNABORTED',
]);

/** True when an error means the issuer could not be reached (or answered 5xx), not that its answer was refused. */
export function issuerUnreachable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 8; depth++) {
    if (e instanceof IdTokenError) return e.unavailable;
    if (e instanceof Response) return e.status >= 500;
    const { name, code, message } = e as { name?: string; code?: string; message?: string };
    if (name === 'TimeoutError' || name === 'AbortError') return true;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR_'))) return true;
    if (e instanceof TypeError && /fetch failed/i.test(message ?? '')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A short description of an error for log lines (the chain of messages and codes). */
export function describeError(err: unknown): string {
  const out: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e instanceof Response) { out.push(`HTTP ${e.status}`); break; }
    const { message, code } = e as { message?: string; code?: string };
    out.push([code, message].filter(Boolean).join(' '));
    e = (e as { cause?: unknown }).cause;
  }
  return out.filter(Boolean).join(': ') || String(err);
}

/**
 * Calls to the embedded issuer go straight to this process on 127.0.0.1 (with the public
 * host and scheme as forwarding headers): behind a load balancer the server need not reach
 * its own public address. If the loopback is refused (the server listens elsewhere), the
 * public URL is used.
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

export interface IssuerLine {
  embedded: boolean;
  /** The discovered issuer (cached; discovered again after a failure). */
  connection(): Promise<IssuerConnection>;
  /** Whether the browser can be sent to this issuer address now (always true for the embedded issuer). */
  reachable(target: URL): Promise<boolean>;
  /** The issuer identifier as configured (for logs and audit rows). */
  name: string;
}

export function openIssuerLine(app: FastifyInstance, ctx: AppContext): IssuerLine {
  const embedded = ctx.config.oidcIssuer === null;
  const name = embedded ? 'embedded' : ctx.config.oidcIssuer!;
  const customFetch: oidc.CustomFetch = embedded ? loopbackFetch(ctx) : (url, options) => fetch(url, options as RequestInit);
  let discovered: Promise<IssuerConnection> | null = null;

  // Discovery happens on first use (the embedded issuer is served by this very server,
  // which must be listening by then) and again after a failure.
  const connection = () => {
    if (discovered) return discovered;
    const attempt = (async () => {
      const server = new URL(embedded ? issuerUrl(ctx) : ctx.config.oidcIssuer!);
      const discover = (at: URL) => oidc.discovery(at, ctx.config.oidcClientId, undefined,
        oidc.ClientSecretBasic(ctx.config.oidcClientSecret), {
          execute: at.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          [oidc.customFetch]: customFetch,
        });
      let config: oidc.Configuration;
      try {
        config = await discover(server);
      } catch (err) {
        // The issuer identifier must match exactly; some issuers (Auth0…) end theirs with a slash.
        if (embedded || server.href.endsWith('/') || !/issuer/i.test(String((err as Error).message))) throw err;
        config = await discover(new URL(`${server.href}/`));
      }
      const jwksUri = config.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error(`the issuer ${server.href} publishes no jwks_uri: its ID tokens could not be verified`);
      const keys = new IssuerKeys(jwksUri, (url) => customFetch(url, {
        method: 'GET', headers: { accept: 'application/json' }, redirect: 'manual',
        signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_SECONDS * 1000),
      } as unknown as oidc.CustomFetchOptions));
      return { config, keys };
    })();
    discovered = attempt;
    attempt.catch((err) => {
      ctx.log.warn({ issuer: name, reason: describeError(err) },
        `identity: the identity provider ${name} is unreachable or its discovery document is not valid; sign-in is not available until it answers`);
      if (discovered === attempt) discovered = null; // try again on the next sign-in
    });
    return attempt;
  };

  if (!embedded) {
    // Warn at start when the issuer cannot be reached, and keep trying in the background, so
    // the log says when it is back; sign-ins meanwhile try again by themselves.
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    let delay = FIRST_RETRY_MS;
    const tryDiscovery = async () => {
      try {
        await connection();
        if (delay !== FIRST_RETRY_MS) ctx.log.info({ issuer: name }, 'identity: the identity provider answers again');
      } catch {
        if (closed) return;
        ctx.log.info({ issuer: name, retry_in_seconds: delay / 1000 }, 'identity: OpenID discovery will be retried');
        timer = setTimeout(() => void tryDiscovery(), delay);
        timer.unref();
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      }
    };
    app.addHook('onReady', async () => { void tryDiscovery(); });
    app.addHook('onClose', async () => { closed = true; clearTimeout(timer); });
  }

  const probes = new Map<string, Promise<boolean>>();
  const reachable = (target: URL) => {
    if (embedded) return Promise.resolve(true);
    const url = `${target.origin}${target.pathname}`;
    let probe = probes.get(url);
    if (!probe) {
      probe = (async () => {
        try {
          const res = await fetch(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
          await res.body?.cancel().catch(() => undefined);
          return res.status < 500;
        } catch {
          return false;
        }
      })().finally(() => probes.delete(url));
      probes.set(url, probe);
    }
    return probe;
  };

  return { embedded, connection, reachable, name };
}
