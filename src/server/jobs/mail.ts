// Mail: written to the outbox in the caller's transaction, then delivered by the
// mail.deliver job through SMTP when SMTP_URL is set. Without SMTP the mail stays in
// the outbox marked not_sent, so an operator can see what would have gone out.
import nodemailer from 'nodemailer';
import type { JobHandler, Queryable } from '../../host/server.ts';
import type { Config } from '../context.ts';
import { enqueue } from './queue.ts';

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
  const transport = nodemailer.createTransport(smtpUrl);
  return (m) => transport.sendMail(m);
}

/** The job handler; send is injectable so tests need no SMTP server. */
export function mailDeliveryJob(config: Pick<Config, 'smtpUrl' | 'publicUrl'>, send?: SendMail): JobHandler {
  const deliver = send ?? (config.smtpUrl ? smtpSender(config.smtpUrl) : null);
  const from = `Compliance as a service <no-reply@${new URL(config.publicUrl).hostname}>`;
  return async (job, tx) => {
    // The job row carries the client; delivery state is platform data, read in full.
    const { rows } = await tx.query<{ id: string; to_address: string; subject: string; text_body: string; html_body: string | null; status: string }>(
      `SELECT id, to_address, subject, text_body, html_body, status FROM outbox WHERE id = $1`,
      [job.payload?.outbox_id],
    );
    const mail = rows[0];
    if (!mail || mail.status === 'sent') return;
    if (!deliver) {
      await markOutbox(tx, mail.id, 'not_sent', 'SMTP_URL is not configured');
      return;
    }
    await deliver({ from, to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body ?? undefined });
    await markOutbox(tx, mail.id, 'sent', null);
  };
}

async function markOutbox(tx: Queryable, id: string, status: string, error: string | null) {
  await tx.query(
    `UPDATE outbox SET status = $2, last_error = $3, attempts = attempts + 1,
            sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE sent_at END WHERE id = $1`,
    [id, status, error],
  );
}
