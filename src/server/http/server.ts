// The Fastify instance: request ids (x-request-id in and out), pino logs without
// secrets, security headers, JSON error bodies, and the web app as the fallback route.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../context.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { ApiError, resolveDeclared, RETRY_AFTER_SECONDS, unavailable } from './errors.ts';
import { registerInputScreening } from './screening.ts';
import { registerSecurityHeaders } from './security.ts';
import type { WebApp } from './static.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

declare module 'fastify' {
  interface FastifyInstance {
    declaredErrors: Map<string, { status: number; message: string }>;
  }
}

export function createHttpServer(config: Config, opts: { logger?: boolean } = {}): FastifyInstance {
  const app = Fastify({
    logger: opts.logger === false ? false : {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
    },
    // A proxy's id is kept so one request can be followed across systems.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Forwarding headers (X-Forwarded-For, -Proto, -Host) are believed only from the proxies
    // named by TRUST_PROXY (none by default), so nobody can choose the address that the
    // sign-in rate limit sees.
    trustProxy: typeof config.trustProxy === 'number'
      ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
      : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  registerSecurityHeaders(app, config);
  registerInputScreening(app);

  // Uploads arrive as raw bytes (the route reads request.body as a Buffer).
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: 25 * 1024 * 1024 }, (_req, body, done) => done(null, body));

  // Error codes the areas declare (filled in by buildApp from the catalog).
  app.decorate('declaredErrors', new Map<string, { status: number; message: string }>());
  app.setErrorHandler((err: any, req, reply) => {
    if (err instanceof ApiError) {
      const e = resolveDeclared(err, app.declaredErrors);
      if (e.code === 'INTERNAL') req.log.error({ err }, 'an error code no area declares');
      if (e.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.code(e.status).send(e.body());
    }
    // The database is restarting, failing over or out of connections: the client may try
    // again shortly; nothing was changed (a commit whose outcome is unknown says so).
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      const e = unavailable(err);
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(e.body());
    }
    const status = typeof err?.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, wrong content type, body too large.
      const message = err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'This content type is not accepted'
        : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'The request body is too large'
        : 'The request body is not valid JSON';
      return reply.code(status).send({ success: false, error_code: 'VALIDATION_FAILED', message, errors: { base: message } });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(new ApiError('INTERNAL').body());
  });

  return app;
}

/** Unknown API paths answer JSON 404; other GETs get the web app (client-side routes). */
export function registerFallback(app: FastifyInstance, web: WebApp | null): void {
  app.setNotFoundHandler((req, reply) => {
    if (web && web.serve(req, reply)) return reply;
    return reply.code(404).send(new ApiError('NOT_FOUND').body());
  });
}
