// The embedded issuer's signing key: generated once by whichever server copy starts first,
// kept in the database encrypted with a key derived from SESSION_SECRET (a database dump
// alone cannot forge ID tokens). If the secret changed, the key can no longer be read and
// is replaced: the old tokens were short-lived and the old sessions are gone anyway.
import { createCipheriv, createDecipheriv, createHash, generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { deriveSecret } from '../cookies.ts';

const SLOT = 'current';

interface Sealed {
  iv: string;
  tag: string;
  data: string;
}

function keyFor(ctx: AppContext): Buffer {
  return createHash('sha256').update(deriveSecret(ctx.config, 'idp-signing-key-encryption')).digest();
}

function seal(ctx: AppContext, jwk: object): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(ctx), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
  return { iv: iv.toString('base64url'), tag: cipher.getAuthTag().toString('base64url'), data: data.toString('base64url') };
}

function open(ctx: AppContext, sealed: Sealed): Record<string, unknown> | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(ctx), Buffer.from(sealed.iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

async function newJwk(): Promise<Record<string, unknown>> {
  const { privateKey } = await new Promise<{ privateKey: import('node:crypto').KeyObject }>((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (err, _pub, priv) => (err ? reject(err) : resolve({ privateKey: priv }))));
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

export async function loadSigningKeys(ctx: AppContext): Promise<Record<string, unknown>[]> {
  const read = async () => {
    const { rows } = await ctx.db.query<{ kid: string; jwk: Sealed | string }>(
      'SELECT kid, jwk FROM identity_signing_keys WHERE slot = $1', [SLOT]);
    if (!rows[0]) return { kid: null, jwk: null };
    const sealed = typeof rows[0].jwk === 'string' ? (JSON.parse(rows[0].jwk) as Sealed) : rows[0].jwk;
    return { kid: rows[0].kid, jwk: open(ctx, sealed) };
  };

  let current = await read();
  if (current.jwk) return [current.jwk];

  const fresh = await newJwk();
  if (current.kid) {
    ctx.log.warn('identity: the stored signing key cannot be read with this SESSION_SECRET; a new key replaces it');
    await ctx.db.query('UPDATE identity_signing_keys SET kid = $1, jwk = $2::jsonb, created_at = now() WHERE slot = $3 AND kid = $4',
      [fresh.kid, JSON.stringify(seal(ctx, fresh)), SLOT, current.kid]);
  } else {
    // Another copy may be doing the same right now: the first insert wins, everyone reads it back.
    await ctx.db.query('INSERT INTO identity_signing_keys (kid, slot, jwk) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING',
      [fresh.kid, SLOT, JSON.stringify(seal(ctx, fresh))]);
  }
  current = await read();
  if (!current.jwk) throw new Error('identity: could not store or read the issuer signing key');
  return [current.jwk];
}
