// What the area needs from the server's configuration: the public address (invitation
// links) and whether the embedded issuer is in use (new users choose a password here).
// HandlerContext does not carry the configuration, so the plugin takes it as a function
// read at request time; by default it reads the same variables as src/server/config.ts.
export interface ClientSettingsConfig {
  /** Public base URL without a trailing slash. */
  publicUrl: string;
  /** The external issuer, or null for the embedded one at /idp. */
  oidcIssuer: string | null;
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string) => {
  const v = env[name]?.trim();
  return v ? v : null;
};

/** The same defaults as loadConfig: PUBLIC_URL, else http://localhost:PORT (3000). */
export function configFromEnv(env: Env = process.env): ClientSettingsConfig {
  const port = value(env, 'PORT');
  const publicUrl = (value(env, 'PUBLIC_URL') ?? `http://localhost:${port && port !== '0' ? port : '3000'}`).replace(/\/+$/, '');
  return { publicUrl, oidcIssuer: value(env, 'OIDC_ISSUER')?.replace(/\/+$/, '') ?? null };
}

export function inviteLink(config: ClientSettingsConfig, token: string): string {
  return `${config.publicUrl}/onboarding?invite=${encodeURIComponent(token)}`;
}
