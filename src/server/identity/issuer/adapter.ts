// Storage of the embedded issuer (interactions, sessions, grants, codes, tokens) in one
// Postgres table, so every copy of the server sees the same state. Expired rows are ignored
// on read and removed by the identity housekeeping.
import type { AppContext } from '../../context.ts';

type Payload = Record<string, unknown>;

export class PostgresOidcAdapter {
  readonly model: string;
  readonly #ctx: AppContext;

  constructor(ctx: AppContext, model: string) {
    this.#ctx = ctx;
    this.model = model;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const ttl = typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? expiresIn : null;
    await this.#ctx.db.query(
      `INSERT INTO identity_oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, CASE WHEN $7::float8 IS NULL THEN NULL ELSE now() + $7::float8 * interval '1 second' END)
       ON CONFLICT (model, id) DO UPDATE
         SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, user_code = EXCLUDED.user_code,
             uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
      [this.model, id, JSON.stringify(payload), str(payload.grantId), str(payload.userCode), str(payload.uid), ttl],
    );
  }

  find(id: string): Promise<Payload | undefined> {
    return this.#one('id = $2', id);
  }

  findByUid(uid: string): Promise<Payload | undefined> {
    return this.#one('uid = $2', uid);
  }

  findByUserCode(userCode: string): Promise<Payload | undefined> {
    return this.#one('user_code = $2', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.#ctx.db.query('UPDATE identity_oidc_payloads SET consumed_at = now() WHERE model = $1 AND id = $2', [this.model, id]);
  }

  async destroy(id: string): Promise<void> {
    await this.#ctx.db.query('DELETE FROM identity_oidc_payloads WHERE model = $1 AND id = $2', [this.model, id]);
  }

  /** Everything issued under a grant goes with it (codes, access tokens of every kind). */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.#ctx.db.query('DELETE FROM identity_oidc_payloads WHERE grant_id = $1', [grantId]);
  }

  async #one(where: string, value: string): Promise<Payload | undefined> {
    if (typeof value !== 'string' || !value) return undefined;
    const { rows } = await this.#ctx.db.query<{ payload: Payload | string; consumed_at: Date | string | null }>(
      `SELECT payload, consumed_at FROM identity_oidc_payloads
        WHERE model = $1 AND ${where} AND (expires_at IS NULL OR expires_at > now())
        LIMIT 1`,
      [this.model, value],
    );
    const row = rows[0];
    if (!row) return undefined;
    const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Payload) : row.payload;
    if (row.consumed_at) payload.consumed = Math.floor(new Date(row.consumed_at).getTime() / 1000);
    return payload;
  }
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

export async function purgeExpiredOidcPayloads(ctx: AppContext): Promise<void> {
  await ctx.db.query('DELETE FROM identity_oidc_payloads WHERE expires_at IS NOT NULL AND expires_at < now()');
}
