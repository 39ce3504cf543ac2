// What the server injects into index.html as window.__APP__ (build.mjs: %APP_CONFIG%;
// src/server/http/static.ts writes snake_case keys). Every field is optional so the shell
// still starts from a bare static build.

export interface AppConfig {
  /** URL of the session worker script (dist/web/manifest.json "worker"). */
  worker?: string | null;
  /** Sentry DSN; error reporting is loaded only when present. */
  sentryDsn?: string | null;
  /** Release identifier reported with errors. */
  version?: string;
  /** Environment label for error reports (production, staging …). */
  environment?: string;
  /** Company named in the copyright line. */
  company?: string;
  /** Addresses of the menu's external links by key (help_url, auth_tools_url); a link without one is hidden. */
  links: Record<string, string>;
}

declare global {
  interface Window { __APP__?: Record<string, unknown> }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Reads both the server's snake_case keys and camelCase ones. */
export function readAppConfig(raw: unknown): AppConfig {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return {
    worker: str(r.worker_url) ?? str(r.worker) ?? null,
    sentryDsn: str(r.sentry_dsn) ?? str(r.sentryDsn) ?? null,
    version: str(r.version),
    environment: str(r.environment),
    company: str(r.company),
    links: Object.fromEntries(Object.entries(r.links && typeof r.links === 'object' ? r.links : {})
      .filter((e): e is [string, string] => str(e[1]) !== undefined)),
  };
}

export const appConfig: AppConfig = readAppConfig(typeof window !== 'undefined' ? window.__APP__ : undefined);
