// Checks the signature of ID tokens against the issuer's published keys (jwks_uri).
// openid-client checks the claims (issuer, audience, expiry, nonce) of an ID token taken
// from the token endpoint but not its signature; this does, with node:crypto.
//
// Keys are cached for ten minutes. A token signed with a key id the cache does not hold
// makes one fresh download (the issuer rotated its keys); a key id still unknown after a
// download is refused without downloading again for a minute, so a stream of tokens with
// made-up key ids cannot turn into a stream of requests to the issuer.
import { createPublicKey, constants, verify, type JsonWebKeyInput, type KeyObject } from 'node:crypto';

export const KEYS_TTL_MS = 10 * 60_000;
const UNKNOWN_KID_COOLDOWN_MS = 60_000;

/** Why an ID token was refused; `unavailable` means the keys could not be downloaded. */
export class IdTokenError extends Error {
  readonly unavailable: boolean;
  constructor(message: string, opts: { unavailable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = 'IdTokenError';
    this.unavailable = opts.unavailable ?? false;
  }
}

interface Algorithm {
  kty: 'RSA' | 'EC' | 'OKP';
  hash: string | null;
  pss?: boolean;
  crv?: string;
}

// Asymmetric algorithms only: 'none' and the HMAC ones (a shared secret) are refused.
const ALGORITHMS: Record<string, Algorithm> = {
  RS256: { kty: 'RSA', hash: 'sha256' },
  RS384: { kty: 'RSA', hash: 'sha384' },
  RS512: { kty: 'RSA', hash: 'sha512' },
  PS256: { kty: 'RSA', hash: 'sha256', pss: true },
  PS384: { kty: 'RSA', hash: 'sha384', pss: true },
  PS512: { kty: 'RSA', hash: 'sha512', pss: true },
  ES256: { kty: 'EC', hash: 'sha256', crv: 'P-256' },
  ES384: { kty: 'EC', hash: 'sha384', crv: 'P-384' },
  ES512: { kty: 'EC', hash: 'sha512', crv: 'P-521' },
  EdDSA: { kty: 'OKP', hash: null },
  Ed25519: { kty: 'OKP', hash: null, crv: 'Ed25519' },
};

interface Jwk {
  kty: string;
  crv?: string;
  kid?: string;
  use?: string;
  alg?: string;
  key_ops?: string[];
}

function decodePart<T>(part: string, what: string): T {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as T;
  } catch {
    throw new IdTokenError(`the ID token's ${what} is not valid JSON`);
  }
}

export type JwksFetch = (url: string) => Promise<Response>;

export class IssuerKeys {
  readonly #jwksUri: string;
  readonly #fetch: JwksFetch;
  #keys: Jwk[] | null = null;
  #fetchedAt = 0;
  #inFlight: Promise<Jwk[]> | null = null;
  readonly #missing = new Map<string, number>();
  readonly #imported = new WeakMap<Jwk, KeyObject>();
  /** Downloads made so far (for logs and tests). */
  downloads = 0;

  constructor(jwksUri: string, fetchImpl: JwksFetch) {
    this.#jwksUri = jwksUri;
    this.#fetch = fetchImpl;
  }

  async #download(): Promise<Jwk[]> {
    // Concurrent sign-ins share one download.
    this.#inFlight ??= (async () => {
      try {
        this.downloads++;
        let res: Response;
        try {
          res = await this.#fetch(this.#jwksUri);
        } catch (cause) {
          throw new IdTokenError('the issuer\'s keys could not be downloaded', { unavailable: true, cause });
        }
        if (!res.ok) {
          await res.arrayBuffer().catch(() => undefined);
          throw new IdTokenError(`the issuer's keys could not be downloaded (HTTP ${res.status})`, { unavailable: res.status >= 500 });
        }
        const body = (await res.json().catch(() => null)) as { keys?: unknown } | null;
        if (!body || !Array.isArray(body.keys)) throw new IdTokenError('the issuer\'s jwks_uri did not answer a key set');
        this.#keys = body.keys.filter((k): k is Jwk => typeof k === 'object' && k !== null && typeof (k as Jwk).kty === 'string');
        this.#fetchedAt = Date.now();
        return this.#keys;
      } finally {
        this.#inFlight = null;
      }
    })();
    return this.#inFlight;
  }

  #candidates(keys: Jwk[], alg: string, spec: Algorithm, kid: string | undefined): Jwk[] {
    return keys.filter((k) => k.kty === spec.kty
      && (kid === undefined || k.kid === kid)
      && (k.alg === undefined || k.alg === alg)
      && (k.use === undefined || k.use === 'sig')
      && (k.key_ops === undefined || k.key_ops.includes('verify'))
      && (spec.crv === undefined || k.crv === spec.crv));
  }

  async #keyFor(alg: string, spec: Algorithm, kid: string | undefined): Promise<Jwk> {
    const fresh = this.#keys !== null && Date.now() - this.#fetchedAt < KEYS_TTL_MS;
    let keys = fresh ? this.#keys! : await this.#download();
    let found = this.#candidates(keys, alg, spec, kid);
    if (found.length === 0 && fresh) {
      // Rotated keys: one new download per unknown key id, not one per token.
      const tag = kid ?? `(no kid) ${alg}`;
      const last = this.#missing.get(tag);
      if (last === undefined || Date.now() - last > UNKNOWN_KID_COOLDOWN_MS) {
        keys = await this.#download();
        found = this.#candidates(keys, alg, spec, kid);
        if (found.length === 0) {
          if (this.#missing.size >= 100) this.#missing.clear();
          this.#missing.set(tag, Date.now());
        }
      }
    }
    if (found.length === 0) throw new IdTokenError(`no key of the issuer matches the ID token (kid ${kid ?? 'none'}, ${alg})`);
    if (found.length > 1) throw new IdTokenError('several keys of the issuer match an ID token without a key id');
    return found[0];
  }

  #import(jwk: Jwk): KeyObject {
    let key = this.#imported.get(jwk);
    if (!key) {
      try {
        key = createPublicKey({ key: jwk as unknown as JsonWebKeyInput['key'], format: 'jwk' });
      } catch (cause) {
        throw new IdTokenError('the issuer published a key that cannot be read', { cause });
      }
      this.#imported.set(jwk, key);
    }
    return key;
  }

  /** Resolves when the token's signature is valid under one of the issuer's keys; throws IdTokenError otherwise. */
  async verify(idToken: string): Promise<void> {
    const parts = typeof idToken === 'string' ? idToken.split('.') : [];
    if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p)) || !parts[2]) {
      throw new IdTokenError('the ID token is not a signed JWT');
    }
    const header = decodePart<{ alg?: unknown; kid?: unknown; crit?: unknown }>(parts[0], 'header');
    const alg = typeof header.alg === 'string' ? header.alg : '';
    const spec = Object.hasOwn(ALGORITHMS, alg) ? ALGORITHMS[alg] : undefined;
    if (!spec) throw new IdTokenError(`the ID token is signed with ${alg || 'no algorithm'}, which is not accepted`);
    if (header.crit !== undefined) throw new IdTokenError('the ID token names critical header parameters');
    const kid = typeof header.kid === 'string' ? header.kid : undefined;
    const key = this.#import(await this.#keyFor(alg, spec, kid));
    const data = Buffer.from(`${parts[0]}.${parts[1]}`);
    const signature = Buffer.from(parts[2], 'base64url');
    let ok: boolean;
    try {
      ok = spec.kty === 'RSA'
        ? verify(spec.hash, data, spec.pss
          ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }
          : key, signature)
        : spec.kty === 'EC'
          ? verify(spec.hash, data, { key, dsaEncoding: 'ieee-p1363' }, signature)
          : verify(null, data, key, signature);
    } catch (cause) {
      throw new IdTokenError('the ID token\'s signature could not be checked', { cause });
    }
    if (!ok) throw new IdTokenError('the ID token\'s signature is not valid');
  }
}
