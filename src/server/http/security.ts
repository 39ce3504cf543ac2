// Security headers on every response. The CSP allows scripts only from our origin or
// carrying this request's nonce (index.html's inline config script gets it through
// %NONCE%). Routes that render their own pages (the embedded issuer) may set their own
// CSP; it is kept. request.cspNonce is there for them to use.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
}

function origin(u: string | null): string | null {
  if (!u) return null;
  try { return new URL(u).origin; } catch { return null; }
}

export function contentSecurityPolicy(config: Pick<Config, 'publicUrl' | 'oidcIssuer' | 'sentryDsn'>, nonce: string): string {
  const self = new URL(config.publicUrl);
  const ws = `${self.protocol === 'https:' ? 'wss:' : 'ws:'}//${self.host}`;
  const issuer = origin(config.oidcIssuer);
  const sentry = origin(config.sentryDsn);
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}'`,
    // Primer's CSS modules are files; styled-components injects <style> tags at run time.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self' ${ws}${sentry ? ' ' + sentry : ''}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `frame-ancestors 'none'`,
    `form-action 'self'${issuer ? ' ' + issuer : ''}`,
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  app.decorateRequest('cspNonce', '');
  const https = config.publicUrl.startsWith('https:');
  app.addHook('onRequest', async (req) => {
    req.cspNonce = randomBytes(16).toString('base64');
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', contentSecurityPolicy(config, req.cspNonce));
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
