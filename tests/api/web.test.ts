// The web app from dist/web: assets, index.html with this request's nonce and the
// browser configuration, and the SPA fallback for client-side routes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

const web = mkdtempSync(path.join(tmpdir(), 'caas-web-'));
let s: TestServer;

beforeAll(async () => {
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><script nonce="%NONCE%">window.__APP__=%APP_CONFIG%;</script><script type="module" nonce="%NONCE%" src="/assets/app-abc.js"></script>');
  writeFileSync(path.join(web, 'manifest.json'), JSON.stringify({ app: '/assets/app-abc.js', worker: '/assets/session-worker-def.js' }));
  writeFileSync(path.join(web, 'assets', 'app-abc.js'), 'console.log("app")');
  s = await startServer({ webDir: web, seed: false });
});
afterAll(async () => {
  await s?.close();
  rmSync(web, { recursive: true, force: true });
});

const get = (p: string, init?: RequestInit) => fetch(new URL(p, s.url), { redirect: 'manual', ...init });

describe('web app', () => {
  it('serves index.html for client-side routes with the nonce of its CSP and the browser config', async () => {
    for (const p of ['/', '/define_client', '/0b7c6c52-2a55-4c31-9b7e-1a1f0c1c2d3e/profile/export_requests?x=1']) {
      const r = await get(p);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/html');
      expect(r.headers.get('cache-control')).toBe('no-store');
      const html = await r.text();
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(r.headers.get('content-security-policy')!)![1];
      expect(html).toContain(`<script nonce="${nonce}">`);
      expect(html).not.toContain('%NONCE%');
      const config = JSON.parse(/window.__APP__=(.*?);<\/script>/.exec(html)![1]);
      expect(config).toMatchObject({ public_url: s.url, worker_url: '/assets/session-worker-def.js', session_idle_minutes: 30, login_url: '/auth/login', ws_url: '/ws' });
    }
  });

  it('serves hashed assets with long caching, and a missing asset is a 404', async () => {
    const r = await get('/assets/app-abc.js');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/javascript');
    expect(r.headers.get('cache-control')).toContain('immutable');
    expect(await r.text()).toBe('console.log("app")');
    expect((await get('/assets/app-old.js')).status).toBe(404);
    expect((await get('/favicon.ico')).status).toBe(404);
  });

  it('keeps API, auth and non-GET paths out of the fallback', async () => {
    const api = await get('/api/v1/unknown');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ success: false, error_code: 'NOT_FOUND' });
    expect((await get('/auth/no-such-page')).headers.get('content-type')).toContain('application/json');
    expect((await get('/some/page', { method: 'POST' })).status).toBe(404);
  });

  it('never serves files outside its folder', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const u = new URL(s.url);
      httpRequest({ host: u.hostname, port: u.port, path: '/assets/..%2f..%2fpackage.json', method: 'GET' }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      }).on('error', reject).end();
    });
    expect(status).toBe(404);
  });
});
