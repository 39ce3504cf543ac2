// The lifecycle of an invitation, stored in client_settings_invites.status and applied on
// the server through ctx.transition (pages ask the same machine which actions to offer):
//   pending ──ACCEPT (before expiry)──▶ accepted
//   pending ──REVOKE──▶ revoked          expired ──REVOKE──▶ revoked
//   pending ──EXPIRE (at expiry)──▶ expired ──RESEND──▶ pending (a new link, seven more days)
//   pending ──RESEND──▶ pending
// Accepted and revoked are final. The expiry is a job queued for expires_at; until it runs,
// the guards read the time, so an invitation past its expiry is never accepted.
import { setup } from 'xstate';

export const INVITE_MACHINE_ID = 'client-settings.invite';

export interface InviteMachineContext {
  /** When the current link stops working (ms since the epoch). */
  expiresAt: number;
  /** The time the guards compare with (set when the stored state is read). */
  now: number;
}

export type InviteEvent = { type: 'ACCEPT' } | { type: 'RESEND' } | { type: 'REVOKE' } | { type: 'EXPIRE' };

export const inviteMachine = setup({
  types: { context: {} as InviteMachineContext, events: {} as InviteEvent },
  guards: {
    current: ({ context }) => context.expiresAt > context.now,
    due: ({ context }) => context.expiresAt <= context.now,
  },
}).createMachine({
  id: INVITE_MACHINE_ID,
  initial: 'pending',
  context: { expiresAt: 0, now: 0 },
  states: {
    pending: {
      on: {
        ACCEPT: { target: 'accepted', guard: 'current' },
        RESEND: { target: 'pending', reenter: true },
        REVOKE: 'revoked',
        EXPIRE: { target: 'expired', guard: 'due' },
      },
    },
    expired: { on: { RESEND: 'pending', REVOKE: 'revoked' } },
    accepted: { type: 'final' },
    revoked: { type: 'final' },
  },
});

/** The context the guards read, from a stored row. */
export function inviteContext(row: Record<string, unknown>): { expiresAt: number } {
  return { expiresAt: new Date(row.expires_at as string | Date).getTime() };
}
