// Cookie reading and writing without depending on a Fastify cookie plugin (the core may or
// may not register one), plus HMAC-signed values for the short-lived sign-in cookies.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../context.ts';

export const SESSION_COOKIE = 'sid';
/** Readable by the browser: the web sends it back in the x-csrf-token header. */
export const CSRF_COOKIE = 'csrf_token';

export function readCookies(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const header = req.headers.cookie;
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

export function readCookie(req: FastifyRequest, name: string): string | undefined {
  return readCookies(req)[name];
}

export interface CookieOptions {
  path?: string;
  httpOnly?: boolean;
  maxAgeSeconds?: number;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export function isHttps(config: Config): boolean {
  return config.publicUrl.startsWith('https:');
}

/** A Set-Cookie header value; Secure follows the public URL's scheme. */
export function serializeCookie(config: Config, name: string, value: string, opts: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${opts.path ?? '/'}`];
  if (opts.maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${Math.max(0, Math.floor(opts.maxAgeSeconds))}`);
    if (opts.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  if (opts.httpOnly !== false) parts.push('HttpOnly');
  parts.push(`SameSite=${opts.sameSite ?? 'Lax'}`);
  if (isHttps(config)) parts.push('Secure');
  return parts.join('; ');
}

export function clearCookie(config: Config, name: string, opts: Omit<CookieOptions, 'maxAgeSeconds'> = {}): string {
  return serializeCookie(config, name, '', { ...opts, maxAgeSeconds: 0 });
}

function mac(secret: string, purpose: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\n${payload}`).digest();
}

/** Serialises a value with an expiry and an HMAC bound to one purpose. */
export function signValue(secret: string, purpose: string, value: unknown, ttlSeconds: number): string {
  const payload = Buffer.from(JSON.stringify({ v: value, exp: Math.floor(Date.now() / 1000) + ttlSeconds })).toString('base64url');
  return `${payload}.${mac(secret, purpose, payload).toString('base64url')}`;
}

export function verifySignedValue<T>(secret: string, purpose: string, signed: string | undefined | null): T | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const payload = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), 'base64url');
  const expected = mac(secret, purpose, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { v: T; exp: number };
    if (typeof parsed.exp !== 'number' || parsed.exp < Math.floor(Date.now() / 1000)) return null;
    return parsed.v;
  } catch {
    return null;
  }
}

/** A secret derived from the session secret for one use, so one leak does not open the others. */
export function deriveSecret(config: Config, purpose: string): string {
  return createHmac('sha256', config.sessionSecret).update(`derive:${purpose}`).digest('base64url');
}
