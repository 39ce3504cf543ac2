// The embedded OpenID Connect issuer (oidc-provider) used when OIDC_ISSUER is unset. It
// serves one client, the product itself, with the authorization code flow and PKCE only.
// Accounts are the users table; storage and signing keys live in the database so several
// server copies act as one issuer.
import Provider, { type Grant, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { deriveSecret } from '../cookies.ts';
import { logoutConfirmPage, messagePage } from '../pages.ts';
import { PAGE_CSP } from '../replies.ts';
import { idleSeconds } from '../sessions.ts';
import { PostgresOidcAdapter } from './adapter.ts';
import { loadSigningKeys } from './keys.ts';

export const ISSUER_PATH = '/idp';
export const INTERACTION_PATH = `${ISSUER_PATH}/interaction`;

export const issuerUrl = (ctx: AppContext) => `${ctx.config.publicUrl}${ISSUER_PATH}`;
export const callbackUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/auth/callback`;
export const postLogoutUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/auth/login`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface UserRow {
  id: string;
  email: string;
  full_name: string | null;
  phone: string | null;
  is_active: boolean;
}

async function findAccount(ctx: AppContext, sub: string) {
  if (!UUID.test(sub)) return undefined;
  const { rows } = await ctx.db.query<UserRow>('SELECT id, email, full_name, phone, is_active FROM users WHERE id = $1', [sub]);
  const user = rows[0];
  if (!user || !user.is_active) return undefined;
  return {
    accountId: user.id,
    // Accounts are provisioned by administrators and invitations, so the address is vouched for.
    async claims() {
      return {
        sub: user.id,
        email: user.email,
        email_verified: true,
        name: user.full_name ?? undefined,
        phone_number: user.phone || undefined,
      };
    },
  };
}

function page(koa: KoaContextWithOIDC, status: number, html: string) {
  koa.status = status;
  koa.type = 'html';
  koa.set('cache-control', 'no-store');
  koa.set('content-security-policy', PAGE_CSP);
  koa.set('x-frame-options', 'DENY');
  koa.set('referrer-policy', 'no-referrer');
  koa.body = html;
}

export async function createEmbeddedProvider(ctx: AppContext): Promise<Provider> {
  const { config } = ctx;
  const keys = await loadSigningKeys(ctx);
  const sessionTtl = idleSeconds(config);

  const provider = new Provider(issuerUrl(ctx), {
    adapter: (model: string) => new PostgresOidcAdapter(ctx, model),
    clients: [{
      client_id: config.oidcClientId,
      client_secret: config.oidcClientSecret,
      client_name: 'Compliance as a service',
      redirect_uris: [callbackUrl(ctx)],
      post_logout_redirect_uris: [postLogoutUrl(ctx)],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    }],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      phone: ['phone_number'],
    },
    // The product reads the claims from the ID token; no need for a second userinfo call.
    conformIdTokenClaims: false,
    issueRefreshToken: async () => false,
    cookies: {
      keys: [deriveSecret(config, 'idp-cookies')],
      names: { session: 'idp_session', interaction: 'idp_interaction', resume: 'idp_resume' },
    },
    jwks: { keys },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (koa: KoaContextWithOIDC, form: string) => page(koa, 200, logoutConfirmPage(form)),
        postLogoutSuccessSource: async (koa: KoaContextWithOIDC) => page(koa, 200, messagePage({
          title: 'You have signed out',
          text: 'You can close this window or sign in again.',
          action: { href: '/auth/login', label: 'Sign in' },
        })),
      },
    },
    findAccount: (_koa: unknown, sub: string) => findAccount(ctx, sub),
    interactions: { url: (_koa: unknown, interaction: { uid: string }) => `${INTERACTION_PATH}/${interaction.uid}` },
    // Our own client needs no consent screen: grant what it asks for, once signed in.
    loadExistingGrant: async (koa: KoaContextWithOIDC) => {
      const { oidc } = koa;
      const client = oidc.client;
      const accountId = oidc.account?.accountId;
      if (!client || !accountId) return undefined;
      const existingId = oidc.result?.consent?.grantId || oidc.session.grantIdFor(client.clientId);
      let grant: Grant | undefined = existingId ? await oidc.provider.Grant.find(existingId) : undefined;
      if (grant && (grant.accountId !== accountId || grant.clientId !== client.clientId)) grant = undefined;
      if (!grant && client.clientId !== config.oidcClientId) return undefined;
      grant ??= new oidc.provider.Grant({ accountId, clientId: client.clientId });
      const scopes = [...oidc.requestParamOIDCScopes];
      if (scopes.length) grant.addOIDCScope(scopes.join(' '));
      const claims = [...oidc.requestParamClaims];
      if (claims.length) grant.addOIDCClaims(claims);
      await grant.save();
      return grant;
    },
    renderError: async (koa: KoaContextWithOIDC, out: { error?: string; error_description?: string }) => {
      page(koa, koa.status >= 400 ? koa.status : 400, messagePage({
        title: 'Sign-in could not continue',
        text: out.error_description || 'The sign-in request was not valid. Go back to the application and try again.',
        action: { href: '/auth/login', label: 'Start again' },
      }));
    },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 300,
      IdToken: 300,
      Interaction: 15 * 60,
      // No silent sign-in after the product's idle timeout: the issuer's own session lives no
      // longer than the idle period, so signing in again asks for the password.
      Session: sessionTtl,
      Grant: sessionTtl,
    },
  });

  // The forwarding headers it reads are not the browser's: the mount (issuer/index.ts) sets
  // them from PUBLIC_URL and from the client address Fastify resolved under TRUST_PROXY.
  provider.proxy = true;
  provider.on('server_error', (_koa: unknown, err: Error) => ctx.log.error({ err }, 'identity: issuer error'));
  return provider;
}
