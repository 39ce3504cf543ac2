// The screenings API as the pages call it, and the cache keys of what they read (spec 4: a
// realtime `checkup` message refreshes ['clients', id, 'checkups', checkup id]).
import { clientPath } from '../../../src/host/web.ts';

export const endpoints = {
  list: (clientId: string) => clientPath(clientId, 'checkups'),
  checkup: (clientId: string, id: string) => clientPath(clientId, `checkups/${encodeURIComponent(id)}`),
  hit: (clientId: string, hitId: string) => clientPath(clientId, `checkups/hits/${encodeURIComponent(hitId)}`),
  run: (clientId: string, code: string) => clientPath(clientId, `checkups/${code}`),
};

export const keys = {
  all: (clientId: string) => ['clients', clientId, 'checkups'] as const,
  checkup: (clientId: string, id: string) => ['clients', clientId, 'checkups', id] as const,
  hit: (clientId: string, hitId: string) => ['clients', clientId, 'checkups', 'hits', hitId] as const,
};

/** Page addresses (relative to /{client_id}) of a kind, or of every kind (null: 'all'). */
export const paths = {
  list: (code: string | null) => `checkup/instant_checkups/${code ?? 'all'}`,
  detail: (code: string | null, id: string) => `checkup/instant_checkups/${code ?? 'all'}/form/${id}`,
  hit: (code: string | null, hitSegment: string, hitId: string) => `checkup/instant_checkups/${code ?? 'all'}/${code ? hitSegment : 'info'}/${hitId}`,
};
