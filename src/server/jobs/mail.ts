// Mail: written to the outbox in the caller's transaction, then delivered by the
// mail.deliver job through SMTP when SMTP_URL is set. Without SMTP the mail stays in
// the outbox marked not_sent, so an operator can see what would have gone out.
import nodemailer from 'nodemailer';
import type { JobHandler, Queryable } from '../../host/server.ts';
import type { Config } from '../context.ts';
import { enqueue } from './queue.ts';
import { detachedJob } from './worker.ts';

export const MAIL_JOB = 'mail.deliver';

export interface MailMessage { to: string; subject: string; text: string; html?: string }

export async function queueMail(q: Queryable, clientId: string | null, m: MailMessage): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO outbox (client_id, to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [clientId, m.to, m.subject, m.text, m.html ?? null],
  );
  await enqueue(q, MAIL_JOB, { outbox_id: rows[0].id }, { clientId });
  return rows[0].id;
}

export type SendMail = (m: { from: string; to: string; subject: string; text: string; html?: string }) => Promise<unknown>;

export function smtpSender(smtpUrl: string): SendMail {
  // Bounded well inside the job's 300 s lease, so a hanging server fails the attempt
  // (retried with backoff) rather than letting another worker send the mail again. The
  // URL's own query (?socketTimeout=…) still wins.
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  return (m) => transport.sendMail(m);
}

/**
 * The job: read the mail (a short transaction), hand it to SMTP outside any transaction,
 * then record the result (another short one). A slow or hanging mail server therefore
 * holds no database connection: on PGlite, whose one connection every request shares,
 * delivery inside a transaction stalled the whole product. A crash between sending and
 * recording sends the mail again when the job's lease runs out (at-least-once, as every
 * job). send is injectable so tests need no SMTP server.
 */
export function mailDeliveryJob(config: Pick<Config, 'smtpUrl' | 'publicUrl'>, send?: SendMail): JobHandler {
  const deliver = send ?? (config.smtpUrl ? smtpSender(config.smtpUrl) : null);
  const from = `Compliance as a service <no-reply@${new URL(config.publicUrl).hostname}>`;
  return detachedJob(async (job) => {
    const { db } = job;
    {
      // The job row carries the client; its transactions are scoped to it as a handler's are.
      const scope = { clientId: job.clientId };
      const mail = await db.transaction(async (tx) => (await tx.query<{ id: string; to_address: string; subject: string; text_body: string; html_body: string | null; status: string }>(
        `SELECT id, to_address, subject, text_body, html_body, status FROM outbox WHERE id = $1`,
        [job.payload?.outbox_id],
      )).rows[0], scope);
      if (!mail || mail.status === 'sent') return;
      if (!deliver) {
        await db.transaction((tx) => markOutbox(tx, mail.id, 'not_sent', 'SMTP_URL is not configured'), scope);
        return;
      }
      try {
        await deliver({ from, to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body ?? undefined });
      } catch (err) {
        // Still pending: the job retries with backoff; the outbox shows the last failure.
        await db.transaction((tx) => tx.query(
          `UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`,
          [mail.id, String((err as Error)?.message ?? err).slice(0, 2000)],
        ), scope).catch(() => {});
        throw err;
      }
      await db.transaction((tx) => markOutbox(tx, mail.id, 'sent', null), scope);
    }
  });
}

async function markOutbox(tx: Queryable, id: string, status: string, error: string | null) {
  await tx.query(
    `UPDATE outbox SET status = $2, last_error = $3, attempts = attempts + 1,
            sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE sent_at END WHERE id = $1`,
    [id, status, error],
  );
}
