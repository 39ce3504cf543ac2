// GET /api/v1/health for load balancers and monitors: 200 while the database answers,
// 503 with Retry-After and a body naming the database while it does not (a restart, a
// failover, no free connection). The LISTEN connection's state is reported beside it:
// while it reconnects, realtime push and job wake-ups pause but requests are served.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError, RETRY_AFTER_SECONDS } from './errors.ts';

/** A probe that waits longer than this is answered 503: the database is not answering in time. */
const PROBE_TIMEOUT_MS = 3000;

export function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/health', async (req, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), PROBE_TIMEOUT_MS); });
    const probe = ctx.db.query('SELECT 1').then(() => 'up' as const, (err: unknown) => err);
    const outcome = await Promise.race([probe, timeout]).finally(() => clearTimeout(timer));
    if (outcome === 'up') {
      return reply.header('cache-control', 'no-store').send({
        success: true, data: { status: 'ok', database: 'up', realtime: ctx.db.listenStatus() },
      });
    }
    req.log.warn({ err: outcome === 'timeout' ? undefined : outcome }, 'health: the database is not answering');
    const body = new ApiError('UNAVAILABLE', undefined, {
      database: outcome === 'timeout' ? 'is not answering in time' : 'is not reachable at the moment',
    }).body();
    return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store').send(body);
  });
}
