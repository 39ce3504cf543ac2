// Small reply helpers shared by the identity and realtime routes: the error body of the
// API conventions and the headers of the server-rendered sign-in pages.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_TEXTS, HTTP_STATUS, type ErrorBody, type ErrorCode } from '../../shared/errors.ts';
import type { AppContext } from '../context.ts';
import { resolveSession, verifyCsrf, type SessionInfo } from './sessions.ts';

export const PAGE_CSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
  + "frame-ancestors 'none'; base-uri 'none'";

export function sendError(reply: FastifyReply, code: ErrorCode, errors?: Record<string, string>): FastifyReply {
  const body: ErrorBody = { success: false, error_code: code, message: ERROR_TEXTS[code] };
  if (errors) body.errors = errors;
  return reply.code(HTTP_STATUS[code]).header('cache-control', 'no-store').send(body);
}

export function sendData(reply: FastifyReply, data: unknown): FastifyReply {
  return reply.header('cache-control', 'no-store').send({ success: true, data });
}

export function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_CSP)
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

/**
 * The session for an API route of this module, or null after answering 401 (no session)
 * or 403 (write without a valid x-csrf-token).
 */
export async function requireSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { touch?: boolean; write?: boolean } = {},
): Promise<SessionInfo | null> {
  const session = await resolveSession(ctx, req, { touch: opts.touch });
  if (!session) {
    sendError(reply, 'UNAUTHENTICATED');
    return null;
  }
  if (opts.write && !verifyCsrf(req, session)) {
    sendError(reply, 'CSRF_FAILED');
    return null;
  }
  return session;
}
