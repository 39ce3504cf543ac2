// An invitation expires at expires_at: a job queued for that moment applies EXPIRE. A
// resend moves expires_at (and queues its own job), so an earlier job finds the guard
// closed and does nothing; so does one for an invitation accepted or revoked meanwhile.
import type { JobHandler } from '../../../src/host/server.ts';
import { INVITE_MACHINE_ID } from '../machines/invite.ts';

export const INVITE_EXPIRE_JOB = 'client-settings.invite-expire';

export const expireInvite: JobHandler = async (job, ctx) => {
  const id = job.payload?.invite_id;
  const { rows } = await ctx.tx.query<Record<string, unknown>>('SELECT * FROM client_settings_invites WHERE id = $1', [id]);
  if (!rows[0] || !ctx.availableEvents(INVITE_MACHINE_ID, rows[0]).includes('EXPIRE')) return;
  await ctx.transition(INVITE_MACHINE_ID, String(id), { type: 'EXPIRE' });
};
