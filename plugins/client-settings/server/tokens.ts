// Invitation tokens: 32 random bytes in the link, only their SHA-256 in the database, so
// a copy of the table cannot be used to join a client.
import { createHash, randomBytes } from 'node:crypto';

export function newInviteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInviteToken(token) };
}

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
