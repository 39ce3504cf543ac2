// Configuration: defaults, and a bad or missing value stops the server with one line
// naming the variable (checked by spawning the real entry point).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'caas-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SECRET = 'x'.repeat(40);

function startWith(env: Record<string, string>) {
  const res = spawnSync(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmp, DATA_DIR: path.join(tmp, 'spawn'), ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  const lines = res.stderr.split('\n').filter((l) => l.trim() !== '');
  return { status: res.status, lines, stdout: res.stdout };
}

describe('starting with a bad configuration', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['PORT', { PORT: 'eighty' }, /PORT must be a port number/],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/app', SESSION_SECRET: SECRET }, /DATABASE_URL must be a postgres:\/\/ connection URL/],
    ['SESSION_SECRET', { DATABASE_URL: 'postgres://127.0.0.1:1/none' }, /SESSION_SECRET is required when DATABASE_URL is set/],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    ['OIDC_CLIENT_ID', { OIDC_ISSUER: 'https://login.example.com' }, /OIDC_CLIENT_ID is required when OIDC_ISSUER is set/],
    ['OIDC_ISSUER', { OIDC_ISSUER: 'http://login.example.com', OIDC_CLIENT_ID: 'caas', OIDC_CLIENT_SECRET: 's' },
      /OIDC_ISSUER must be an https URL \(http is accepted only for localhost and 127.0.0.1\)/],
    ['TRUST_PROXY', { TRUST_PROXY: 'everyone' }, /TRUST_PROXY must be true, false, a number of hops/],
  ];
  for (const [variable, env, expected] of cases) {
    it(`stops with one line naming ${variable}`, () => {
      const r = startWith(env);
      expect(r.status).toBe(1);
      expect(r.lines).toHaveLength(1);
      expect(r.lines[0]).toMatch(expected);
      expect(r.lines[0]).toContain(variable);
      expect(r.stdout).toBe('');
    });
  }
});

describe('loadConfig', () => {
  it('runs embedded with defaults and keeps a generated session secret', () => {
    const dataDir = path.join(tmp, 'defaults');
    const c = loadConfig({ DATA_DIR: dataDir }, tmp);
    expect(c).toMatchObject({
      port: 3000, publicUrl: 'http://localhost:3000', databaseUrl: null, oidcIssuer: null,
      sessionIdleMinutes: 30, filesDir: path.join(dataDir, 'files'), s3: null, smtpUrl: null, logLevel: 'info', embedded: true,
    });
    expect(c.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(true);
    // A restart reads the same secret: sessions survive it.
    expect(loadConfig({ DATA_DIR: dataDir }, tmp).sessionSecret).toBe(c.sessionSecret);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(c.sessionSecret);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080', PUBLIC_URL: 'https://caas.example.com/', DATABASE_URL: 'postgresql://u:p@db:5432/caas',
      MIGRATION_DATABASE_URL: 'postgresql://owner:p@db:5432/caas', SESSION_SECRET: SECRET, SESSION_IDLE_MINUTES: '15', OIDC_ISSUER: 'https://id.example.com/realms/x',
      OIDC_CLIENT_ID: 'caas', OIDC_CLIENT_SECRET: 's3cr3t', S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
      S3_BUCKET: 'caas-files', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK',
      SMTP_URL: 'smtps://u:p@mail.example.com:465', SENTRY_DSN: 'https://k@o1.ingest.sentry.io/1',
      DEMO_PASSWORD: 'long-enough', LOG_LEVEL: 'WARN', ADMIN_EMAILS: ' Root@Corp.example ,ops@corp.example',
      OIDC_GROUPS_CLAIM: 'groups', TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,loopback',
    }, tmp);
    expect(c).toMatchObject({
      port: 8080, publicUrl: 'https://caas.example.com', databaseUrl: 'postgresql://u:p@db:5432/caas',
      migrationDatabaseUrl: 'postgresql://owner:p@db:5432/caas',
      sessionSecret: SECRET, sessionIdleMinutes: 15, oidcIssuer: 'https://id.example.com/realms/x',
      oidcClientId: 'caas', oidcClientSecret: 's3cr3t', smtpUrl: 'smtps://u:p@mail.example.com:465',
      demoPassword: 'long-enough', logLevel: 'warn', embedded: false,
      adminEmails: ['root@corp.example', 'ops@corp.example'], oidcGroupsClaim: 'groups',
      trustProxy: ['10.0.0.0/8', '192.168.1.10', 'loopback'],
      s3: { endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'caas-files', region: 'eu-west-1', accessKeyId: 'AK', secretAccessKey: 'SK' },
    });
  });

  const bad: [string, Record<string, string>][] = [
    ['SESSION_SECRET', { SESSION_SECRET: 'short' }],
    ['SESSION_IDLE_MINUTES', { SESSION_IDLE_MINUTES: '0' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'caas.example.com' }],
    ['S3_BUCKET', { S3_ENDPOINT: 'https://s3.example.com' }],
    ['S3_ENDPOINT', { S3_BUCKET: 'files' }],
    ['S3_SECRET_ACCESS_KEY', { S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AK' }],
    ['SMTP_URL', { SMTP_URL: 'mail.example.com' }],
    ['SENTRY_DSN', { SENTRY_DSN: 'not a url' }],
    ['DEMO_PASSWORD', { DEMO_PASSWORD: 'short' }],
    ['OIDC_CLIENT_SECRET', { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'caas' }],
    ['OIDC_ISSUER', { OIDC_ISSUER: 'http://10.0.0.5:8080/realms/x', OIDC_CLIENT_ID: 'caas', OIDC_CLIENT_SECRET: 's' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '0' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'proxy.internal' }],
    ['ADMIN_EMAILS', { ADMIN_EMAILS: 'root@corp.example, not-an-email' }],
    ['OIDC_GROUPS_CLAIM', { OIDC_GROUPS_CLAIM: 'groups claim' }],
    ['MIGRATION_DATABASE_URL', { MIGRATION_DATABASE_URL: 'mysql://db/caas', DATABASE_URL: 'postgresql://u:p@db:5432/caas' }],
    ['MIGRATION_DATABASE_URL', { MIGRATION_DATABASE_URL: 'postgresql://owner@db:5432/caas' }],
  ];
  it('trusts no proxy unless told, and takes a hop count or true', () => {
    const base = { DATA_DIR: path.join(tmp, 'proxy'), SESSION_SECRET: SECRET };
    expect(loadConfig(base, tmp).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }, tmp).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }, tmp).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }, tmp).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '::1,fd00::/8' }, tmp).trustProxy).toEqual(['::1', 'fd00::/8']);
  });

  it('accepts a plain http issuer on this machine only', () => {
    const base = { DATA_DIR: path.join(tmp, 'issuer'), SESSION_SECRET: SECRET, OIDC_CLIENT_ID: 'caas', OIDC_CLIENT_SECRET: 's' };
    for (const issuer of ['http://localhost:8080/realms/dev', 'http://127.0.0.1:4000', 'http://[::1]:4000']) {
      expect(loadConfig({ ...base, OIDC_ISSUER: issuer }, tmp).oidcIssuer).toBe(issuer);
    }
  });

  for (const [variable, env] of bad) {
    it(`refuses a bad ${variable} (${Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ')})`, () => {
      let err: unknown;
      try { loadConfig({ DATA_DIR: path.join(tmp, 'bad'), SESSION_SECRET: SECRET, ...env }, tmp); } catch (e) { err = e; }
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).variable).toBe(variable);
      expect((err as Error).message.split('\n')).toHaveLength(1);
    });
  }
});
