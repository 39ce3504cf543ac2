// The invitation mail: plain text with the link, and the same in simple HTML.
import { INVITE_TTL_DAYS } from '../schemas.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function invitationMail(m: { to: string; clientName: string; inviterName: string | null; link: string }) {
  const who = m.inviterName?.trim() || 'A colleague';
  const subject = `You are invited to join ${m.clientName}`;
  const text = [
    `${who} invited you to join ${m.clientName} on Compliance as a service.`,
    '',
    `Accept the invitation: ${m.link}`,
    '',
    `The link works for ${INVITE_TTL_DAYS} days. If you did not expect this invitation, you can ignore this email.`,
  ].join('\n');
  const html = `<p>${escapeHtml(who)} invited you to join <strong>${escapeHtml(m.clientName)}</strong> on Compliance as a service.</p>
<p><a href="${escapeHtml(m.link)}">Accept the invitation</a></p>
<p>The link works for ${INVITE_TTL_DAYS} days. If you did not expect this invitation, you can ignore this email.</p>`;
  return { to: m.to, subject, text, html };
}
