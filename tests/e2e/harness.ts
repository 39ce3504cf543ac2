// Browser journeys: the built product (dist/, from `node build.mjs`) started as a real
// process on a fresh embedded database, driven through Debian's Chromium by
// playwright-core. Journeys run only where /usr/bin/chromium exists (CI installs it).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const DEMO_PASSWORD = 'e2e-demo-password-1';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Product {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts dist/server/main.mjs on a free port with its own data folder. */
export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-e2e-'));
  const url = `http://localhost:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'dist/server/main.mjs')], {
    cwd: root,
    env: {
      ...process.env, PORT: String(port), PUBLIC_URL: url, DATA_DIR: dataDir,
      DEMO_PASSWORD, LOG_LEVEL: 'warn', DATABASE_URL: '', OIDC_ISSUER: '', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => { log += d; });
  child.stderr!.on('data', (d) => { log += d; });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      // Any answer of the API means it listens (sign-in may answer 503 while an external issuer is down).
      const res = await fetch(`${url}/api/v1/me`, { redirect: 'manual' });
      if (res.status < 500) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`server did not start:\n${log}`); }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Signs in through the issuer's login page, as a person would, and waits for the shell. */
export async function signIn(page: Page, base: string, email: string, password = DEMO_PASSWORD, start = '/') {
  await page.goto(base + start);
  await page.waitForURL(/\/idp\//);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  // Back in the product: '/' goes through /define_client to the member's only client, or
  // stays there for a member of several, who picks one.
  await page.waitForURL((u) => !u.pathname.startsWith('/idp') && !u.pathname.startsWith('/auth'));
  const inClient = page.waitForURL(/\/[0-9a-f-]{36}(\/|$)/).catch(() => {});
  const chooser = page.getByRole('heading', { name: 'Choose a client' }).waitFor().then(async () => {
    await page.getByRole('link', { name: /Demo Payments Ltd/ }).click();
  }).catch(() => { /* the page moved on to the client: no chooser */ });
  await Promise.race([inClient, chooser]);
  await page.waitForURL(/\/[0-9a-f-]{36}(\/|$)/);
}
