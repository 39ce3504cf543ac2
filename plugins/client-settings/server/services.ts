// What the area offers other areas: invitations (administrators invite into any client the
// same way a client's managers do). Requirers name the id; the type comes with it.
import { validate } from 'superstruct';
import type { HandlerContext, ListResult } from '../../../src/host/server.ts';
import { invalid } from '../../../src/host/server.ts';
import { fieldErrors } from '../../../src/shared/schemas/common.ts';
import { inviteListQuery, type InviteRow } from '../schemas.ts';
import { createInvite, listInvites, type NewInvite } from './invites.ts';

export interface InvitationsService {
  /** A client's invitations, as account/invites lists them; `query` is a list query (validated here: 400 per field). */
  list(ctx: HandlerContext, clientId: string, query: unknown): Promise<ListResult<InviteRow>>;
  /** Invites someone into a client: the token, link, mail, seven-day life and expiry of account/invites. */
  create(ctx: HandlerContext, invite: NewInvite): Promise<InviteRow>;
}

declare module '../../../src/host/registries.ts' {
  interface ServiceRegistry {
    'client-settings.invitations': InvitationsService;
  }
}

export const invitationsService: InvitationsService = {
  list(ctx, clientId, query) {
    const [err, q] = validate(query, inviteListQuery, { coerce: true });
    if (err) throw invalid(fieldErrors(err));
    return listInvites(ctx, clientId, q);
  },
  create: (ctx, invite) => createInvite(ctx, invite),
};
