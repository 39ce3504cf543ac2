// Small pieces the administration handlers share.
import type { Tx } from '../../../src/host/server.ts';
import { isUuid, notFound } from '../../../src/host/server.ts';

/** Blank optional text is stored as null. */
export function blankToNull(v: string | null | undefined): string | null {
  if (v === undefined || v === null) return null;
  const t = v.trim();
  return t === '' ? null : t;
}

/** A route's :id as a uuid, or 404 (a malformed id names nothing). */
export function idParam(params: Record<string, string>, name = 'id'): string {
  const id = params[name];
  if (!isUuid(id)) throw notFound();
  return id;
}

/** Serialises writes that check a platform-wide rule (unique names, the last administrator). */
export async function lockRule(tx: Tx, rule: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`administration:${rule}`]);
}

/** A client by id (its id and name), or 404. */
export async function requireClientRef(tx: Tx, id: string): Promise<{ id: string; name: string }> {
  const { rows } = await tx.query<{ id: string; name: string }>('SELECT id, name FROM clients WHERE id = $1', [id]);
  if (!rows[0]) throw notFound();
  return rows[0];
}
