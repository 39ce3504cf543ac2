// Links into the product that the area sends by mail. The public address comes from the
// server's configuration, handed to every handler as ctx.settings.
import type { ServerSettings } from '../../../src/host/server.ts';

/** The /onboarding page that accepts an invitation; the token is the only credential. */
export function inviteLink(settings: Pick<ServerSettings, 'publicUrl'>, token: string): string {
  return `${settings.publicUrl}/onboarding?invite=${encodeURIComponent(token)}`;
}
