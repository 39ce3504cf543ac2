// Reads and validates the environment once at start. A bad or missing value throws a
// ConfigError whose message is one line naming the variable and what it expects; main.ts
// prints that line and exits, so a misconfigured copy never half-starts.
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { Config } from './context.ts';

export class ConfigError extends Error {
  variable: string;
  constructor(variable: string, expected: string, got?: string) {
    super(`${variable} ${expected}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SECRET_FILE = 'session-secret';
const MIN_SECRET = 32;

type Env = Record<string, string | undefined>;

/** Unset and blank are the same: an empty line in an .env file must not count as a value. */
function read(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
}

function url(env: Env, name: string, protocols: string[], expected: string): URL | null {
  const raw = read(env, name);
  if (raw === null) return null;
  let u: URL;
  try { u = new URL(raw); } catch { throw new ConfigError(name, `must be ${expected}`, raw); }
  if (!protocols.includes(u.protocol)) throw new ConfigError(name, `must be ${expected}`, raw);
  return u;
}

function integer(env: Env, name: string, dflt: number, min: number, max: number, expected: string): number {
  const raw = read(env, name);
  if (raw === null) return dflt;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new ConfigError(name, `must be ${expected}`, raw);
  return Number(raw);
}

function decimal(env: Env, name: string, dflt: number, min: number, max: number, expected: string): number {
  const raw = read(env, name);
  if (raw === null) return dflt;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new ConfigError(name, `must be ${expected}`, raw);
  return Number(raw);
}

/** Hosts an http:// issuer may use: the same machine only (development, tests). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What proxy-addr (Fastify's trustProxy) accepts by name besides addresses and CIDR ranges. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset or false: no proxy is trusted (the peer's address is the client's);
 * true: every hop (only when the server is reachable through the proxy alone); a number:
 * that many hops from the server; otherwise a comma-separated list of addresses, CIDR
 * ranges, or loopback / linklocal / uniquelocal.
 */
function trustProxy(env: Env): Config['trustProxy'] {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === null || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  const expected = 'true, false, a number of hops (1-10), or a comma-separated list of addresses or CIDR ranges (e.g. 10.0.0.0/8, 192.168.1.10)';
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1 || hops > 10) throw new ConfigError('TRUST_PROXY', `must be ${expected}`, raw);
    return hops;
  }
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    if (PROXY_NAMES.has(entry)) continue;
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOk || extra !== undefined) throw new ConfigError('TRUST_PROXY', `must be ${expected}`, raw);
  }
  if (entries.length === 0) throw new ConfigError('TRUST_PROXY', `must be ${expected}`, raw);
  return entries;
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$|^[^\s@,;]+@localhost$/;

/** ADMIN_EMAILS: comma-separated, compared case-insensitively (kept lowercase). */
function adminEmails(env: Env): string[] {
  const raw = read(env, 'ADMIN_EMAILS');
  if (raw === null) return [];
  const list = raw.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
  const bad = list.find((e) => !EMAIL.test(e) || e.length > 320);
  if (bad !== undefined || list.length === 0) {
    throw new ConfigError('ADMIN_EMAILS', 'must be a comma-separated list of email addresses', bad ?? raw);
  }
  return [...new Set(list)];
}

/** Embedded mode only: the secret is made once and kept beside the database, so restarts keep sessions. */
function storedSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  if (existsSync(file)) {
    const s = readFileSync(file, 'utf8').trim();
    if (s.length >= MIN_SECRET) return s;
  }
  mkdirSync(dataDir, { recursive: true });
  const s = randomBytes(48).toString('base64url');
  writeFileSync(file, s + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return s;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535, 'a port number from 0 to 65535');

  const publicUrlU = url(env, 'PUBLIC_URL', ['http:', 'https:'], 'an http(s) URL such as https://compliance.example.com');
  if (publicUrlU && (publicUrlU.search || publicUrlU.hash)) {
    throw new ConfigError('PUBLIC_URL', 'must be a base URL without query or fragment', read(env, 'PUBLIC_URL')!);
  }
  const publicUrl = (publicUrlU ? publicUrlU.href : `http://localhost:${port || 3000}`).replace(/\/+$/, '');

  const dbU = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'], 'a postgres:// connection URL, or unset for the embedded database');
  const databaseUrl = dbU ? read(env, 'DATABASE_URL') : null;
  const migrationU = url(env, 'MIGRATION_DATABASE_URL', ['postgres:', 'postgresql:'], 'a postgres:// connection URL of the role that owns the tables');
  if (migrationU && !dbU) throw new ConfigError('MIGRATION_DATABASE_URL', 'needs DATABASE_URL (the role that serves requests) as well');
  const migrationDatabaseUrl = migrationU ? read(env, 'MIGRATION_DATABASE_URL') : null;

  const dataDir = path.resolve(cwd, read(env, 'DATA_DIR') ?? './data');

  const issuerU = url(env, 'OIDC_ISSUER', ['http:', 'https:'], 'the https URL of an OpenID Connect issuer, or unset for the embedded one');
  const oidcIssuer = issuerU ? read(env, 'OIDC_ISSUER')!.replace(/\/+$/, '') : null;
  // Tokens and the client secret travel to the issuer: plain http only on this machine.
  if (issuerU && issuerU.protocol === 'http:' && !LOOPBACK_HOSTS.has(issuerU.hostname)) {
    throw new ConfigError('OIDC_ISSUER', 'must be an https URL (http is accepted only for localhost and 127.0.0.1)', read(env, 'OIDC_ISSUER')!);
  }
  let oidcClientId = read(env, 'OIDC_CLIENT_ID');
  let oidcClientSecret = read(env, 'OIDC_CLIENT_SECRET');
  if (oidcIssuer && !oidcClientId) throw new ConfigError('OIDC_CLIENT_ID', 'is required when OIDC_ISSUER is set');
  if (oidcIssuer && !oidcClientSecret) throw new ConfigError('OIDC_CLIENT_SECRET', 'is required when OIDC_ISSUER is set');

  let sessionSecret = read(env, 'SESSION_SECRET');
  if (sessionSecret !== null && sessionSecret.length < MIN_SECRET) {
    throw new ConfigError('SESSION_SECRET', `must be at least ${MIN_SECRET} characters long`);
  }
  if (sessionSecret === null) {
    if (databaseUrl) throw new ConfigError('SESSION_SECRET', `is required when DATABASE_URL is set (a random string of at least ${MIN_SECRET} characters, the same on every copy)`);
    sessionSecret = storedSecret(dataDir);
  }

  // The embedded issuer's client needs no operator input: its secret derives from the
  // session secret, so every copy of the server agrees on it.
  oidcClientId ??= 'compliance-web';
  oidcClientSecret ??= createHmac('sha256', sessionSecret).update('embedded-oidc-client').digest('base64url');

  const groupsClaim = read(env, 'OIDC_GROUPS_CLAIM');
  if (groupsClaim !== null && !/^[A-Za-z0-9_:./-]{1,200}$/.test(groupsClaim)) {
    throw new ConfigError('OIDC_GROUPS_CLAIM', 'must be the name of a claim such as groups or roles', groupsClaim);
  }

  // Decimals are allowed so a test or a demo can see the expiry overlay within seconds.
  const sessionIdleMinutes = decimal(env, 'SESSION_IDLE_MINUTES', 30, 0.1, 1440, 'a number of minutes from 0.1 to 1440');

  const filesDir = path.resolve(cwd, read(env, 'FILES_DIR') ?? path.join(dataDir, 'files'));

  const s3Vars = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
  let s3: Config['s3'] = null;
  if (s3Vars.some((v) => read(env, v) !== null)) {
    const endpoint = url(env, 'S3_ENDPOINT', ['http:', 'https:'], 'the http(s) URL of an S3-compatible endpoint');
    if (!endpoint) throw new ConfigError('S3_ENDPOINT', 'is required when any S3_ variable is set (e.g. https://s3.eu-west-1.amazonaws.com)');
    const bucket = read(env, 'S3_BUCKET');
    if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
      throw new ConfigError('S3_BUCKET', 'must be a bucket name (3-63 lowercase letters, digits, dots or hyphens)', bucket ?? undefined);
    }
    const accessKeyId = read(env, 'S3_ACCESS_KEY_ID');
    if (!accessKeyId) throw new ConfigError('S3_ACCESS_KEY_ID', 'is required when S3_ENDPOINT is set');
    const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY');
    if (!secretAccessKey) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'is required when S3_ENDPOINT is set');
    s3 = { endpoint: endpoint.href.replace(/\/+$/, ''), bucket, region: read(env, 'S3_REGION') ?? 'us-east-1', accessKeyId, secretAccessKey };
  }

  const smtpU = url(env, 'SMTP_URL', ['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.com:465');
  const sentryU = url(env, 'SENTRY_DSN', ['http:', 'https:'], 'a Sentry DSN URL');

  const demoPassword = read(env, 'DEMO_PASSWORD');
  if (demoPassword !== null && demoPassword.length < 8) throw new ConfigError('DEMO_PASSWORD', 'must be at least 8 characters long');

  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`, read(env, 'LOG_LEVEL')!);

  return {
    port,
    publicUrl,
    databaseUrl,
    migrationDatabaseUrl,
    dataDir,
    oidcIssuer,
    oidcClientId,
    oidcClientSecret,
    oidcGroupsClaim: groupsClaim,
    adminEmails: adminEmails(env),
    trustProxy: trustProxy(env),
    sessionSecret,
    sessionIdleMinutes,
    filesDir,
    s3,
    smtpUrl: smtpU ? read(env, 'SMTP_URL') : null,
    sentryDsn: sentryU ? read(env, 'SENTRY_DSN') : null,
    demoPassword,
    logLevel,
    links: {
      help_url: url(env, 'HELP_URL', ['http:', 'https:'], 'an http(s) URL of the help guide') ? read(env, 'HELP_URL') : null,
      auth_tools_url: url(env, 'AUTH_TOOLS_URL', ['http:', 'https:'], 'an http(s) URL of the identity provider\'s administration page')
        ? read(env, 'AUTH_TOOLS_URL') : null,
    },
    embedded: databaseUrl === null && oidcIssuer === null,
  };
}
