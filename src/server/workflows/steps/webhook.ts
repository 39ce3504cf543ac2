// The webhook step: POST {instance, state, data, attempt, sent_at} as JSON to an https URL,
// signed with the client's webhook secret, and merge the JSON answer into the flow's data.
//
//   X-Signature: sha256=<hex HMAC-SHA256 of the raw body, key = the client's secret>
//   X-Timestamp: <sent_at of the body>   (inside the signed body too: a replay shows its age)
//   X-Idempotency-Key: <instance id>:<seq>   (the same on every retry of this visit)
//
// http:// is accepted only for localhost, 127.0.0.1 and [::1], and only while the server's
// own PUBLIC_URL is such a local http address (development and tests); a production server
// (https PUBLIC_URL) refuses it when the definition is saved and when the step runs.
// Redirects are not followed. A non-2xx answer, a network error or the time limit is a
// failure: retried with backoff, then 'failed'.
import { createHmac, randomBytes } from 'node:crypto';
import { object, optional, refine, string } from 'superstruct';
import type { ServerSettings, Tx } from '../../../host/server.ts';
import { defineWorkflowStep, PermanentStepError } from '../../../host/workflow.ts';
import { intRange } from '../../../shared/schemas/common.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const MAX_ANSWER_BYTES = 1024 * 1024;
export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';

function parseUrl(v: string): URL | null {
  try { return new URL(v); } catch { return null; }
}

/** True while the server itself runs on a local http address (not a production deployment). */
export function allowsLocalHttp(settings: ServerSettings): boolean {
  const u = parseUrl(settings.publicUrl);
  return !!u && u.protocol === 'http:' && LOCAL_HOSTS.has(u.hostname);
}

function urlProblem(raw: string, settings: ServerSettings | null): string | null {
  const u = parseUrl(raw);
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:')) return 'must be an https URL';
  if (u.username || u.password) return 'must not carry a user name or password';
  if (u.protocol === 'http:') {
    if (!LOCAL_HOSTS.has(u.hostname)) return 'must be an https URL (http only for localhost)';
    if (settings && !allowsLocalHttp(settings)) return 'may use http only while the server itself runs on localhost (PUBLIC_URL); use https';
  }
  return null;
}

const webhookUrl = refine(string(), 'url', (v) => urlProblem(v, null) ?? (v.length <= 2000 || 'must be at most 2000 characters'));
const resultKey = refine(string(), 'result_key', (v) => /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(v) || 'must be a data key: letters, digits and _');

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The client's signing secret, made on first use. */
export async function webhookSecret(tx: Tx, clientId: string): Promise<{ secret: string; created_at: string; rotated_at: string | null }> {
  await tx.query(
    'INSERT INTO workflow_webhook_secrets (client_id, secret) VALUES ($1, $2) ON CONFLICT (client_id) DO NOTHING',
    [clientId, WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url')],
  );
  const { rows } = await tx.query<{ secret: string; created_at: string; rotated_at: string | null }>(
    'SELECT secret, created_at, rotated_at FROM workflow_webhook_secrets WHERE client_id = $1', [clientId]);
  return rows[0];
}

export async function rotateWebhookSecret(tx: Tx, clientId: string): Promise<{ secret: string; created_at: string; rotated_at: string | null }> {
  await webhookSecret(tx, clientId);
  const { rows } = await tx.query<{ secret: string; created_at: string; rotated_at: string | null }>(
    `UPDATE workflow_webhook_secrets SET secret = $2, rotated_at = clock_timestamp() WHERE client_id = $1 RETURNING secret, created_at, rotated_at`,
    [clientId, WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url')],
  );
  return rows[0];
}

export function sign(secret: string, rawBody: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(rawBody).digest('hex');
}

async function readLimited(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => {});
      throw new Error(`the webhook's answer is larger than ${MAX_ANSWER_BYTES / 1024} KB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export const webhookStep = defineWorkflowStep<{ url: string; result_key?: string; timeout_ms?: number }>({
  type: 'core.webhook',
  title: 'Call a webhook',
  input: object({ url: webhookUrl, result_key: optional(resultKey), timeout_ms: optional(intRange(100, 60_000)) }),
  emits: ['done'],
  check(input, { settings }) {
    const bad = urlProblem(input.url, settings);
    return bad ? { url: bad } : null;
  },
  async run(ctx, input) {
    const bad = urlProblem(input.url, ctx.settings);
    if (bad) throw new PermanentStepError(`url ${bad}`);
    const { secret } = await ctx.transaction((tx) => webhookSecret(tx, ctx.clientId));
    const sentAt = new Date().toISOString();
    const body = JSON.stringify({
      instance: { id: ctx.instanceId, definition_key: ctx.definitionKey, version: ctx.version },
      state: ctx.state,
      data: ctx.data,
      attempt: ctx.attempt,
      sent_at: sentAt,
    });
    const res = await fetch(input.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(input.timeout_ms ?? 10_000)]),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'compliance-workflows/1',
        [SIGNATURE_HEADER]: sign(secret, body),
        [TIMESTAMP_HEADER]: sentAt,
        'x-idempotency-key': `${ctx.instanceId}:${ctx.seq}`,
      },
      body,
    });
    const answer = await readLimited(res);
    if (res.status < 200 || res.status > 299) throw new Error(`the webhook answered ${res.status}`);
    let parsed: unknown = null;
    if (answer.trim() !== '') {
      try { parsed = JSON.parse(answer); } catch { parsed = null; }
    }
    return { event: 'done', data: { [input.result_key ?? 'webhook']: parsed } };
  },
});
