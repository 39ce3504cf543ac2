// The web app from dist/web: hashed assets with long caching, and index.html for every
// other GET outside /api, /auth, /idp and /ws (client-side routes), with this request's
// CSP nonce and the browser's configuration filled in.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../context.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const RESERVED = /^\/(api|auth|idp|ws)(\/|$|\?)/;

/** The repository root: the nearest folder above this module holding package.json (src or dist alike). */
export function findRoot(from = import.meta.dirname): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

export interface WebApp {
  /** Serves a file or index.html; false when the request is not for the web app. */
  serve(req: FastifyRequest, reply: FastifyReply): boolean;
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Compliance as a service</title></head>
<body><main><h1>Compliance as a service</h1><p>The web app is not built yet. Run <code>npm run build</code>, then reload.</p></main></body></html>`;

export function webApp(config: Config, webDir: string, version: string): WebApp {
  const indexFile = path.join(webDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  let manifest: Record<string, string> = {};
  try { manifest = JSON.parse(readFileSync(path.join(webDir, 'manifest.json'), 'utf8')); } catch { /* not built */ }
  // What the browser needs before its first call (window.__APP__). '<' is escaped so the
  // JSON cannot close the script element.
  const appConfig = JSON.stringify({
    version,
    public_url: config.publicUrl,
    worker_url: manifest.worker ?? null,
    sentry_dsn: config.sentryDsn,
    session_idle_minutes: config.sessionIdleMinutes,
    login_url: '/auth/login',
    logout_url: '/auth/logout',
    ws_url: '/ws',
    embedded: config.embedded,
    links: config.links,
  }).replace(/</g, '\\u003c');
  const root = path.resolve(webDir);

  function sendIndex(req: FastifyRequest, reply: FastifyReply) {
    const html = template ? template.replaceAll('%NONCE%', req.cspNonce).replaceAll('%APP_CONFIG%', appConfig) : NOT_BUILT;
    reply.code(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  }

  return {
    serve(req, reply) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const pathname = decodeURIComponentSafe(req.url.split('?')[0]);
      if (pathname === null || RESERVED.test(pathname)) return false;
      const ext = path.extname(pathname);
      if (ext && pathname !== '/index.html') {
        const file = path.resolve(root, '.' + path.posix.normalize(pathname));
        if (!file.startsWith(root + path.sep)) return false;
        let st;
        try { st = statSync(file); } catch { st = null; }
        if (st?.isFile()) {
          const immutable = pathname.startsWith('/assets/');
          reply
            .header('content-type', TYPES[ext] ?? 'application/octet-stream')
            .header('content-length', st.size)
            .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
            .send(req.method === 'HEAD' ? '' : createReadStream(file));
          return true;
        }
        // A missing file is a 404, not the app: a stale page must notice its chunk is gone.
        if (pathname.startsWith('/assets/') || TYPES[ext]) return false;
      }
      sendIndex(req, reply);
      return true;
    },
  };
}

function decodeURIComponentSafe(s: string): string | null {
  try { return decodeURIComponent(s); } catch { return null; }
}
