// Display texts of the client-settings pages: roles, statuses, codes, retention periods.
// Pure, so the pages and their tests share them.
import { INVITE_STATUSES, MEMBER_STATUSES } from '../schemas.ts';
import { MEMBER_ROLES, MEMBER_ROLE_TITLES } from '../../../src/shared/schemas/membership.ts';
import { retentionPeriodLabel } from '../schemas.ts';

export { roleTitle } from '../../../src/shared/schemas/membership.ts';
export const ROLE_OPTIONS = MEMBER_ROLES.map((r) => ({ value: r, label: MEMBER_ROLE_TITLES[r] }));

const STATUS_TITLES: Record<string, string> = {
  active: 'Active', deactivated: 'Deactivated', pending: 'Pending', accepted: 'Accepted', expired: 'Expired', revoked: 'Revoked',
};
export const statusTitle = (status: string): string => STATUS_TITLES[status] ?? status;
export const MEMBER_STATUS_OPTIONS = MEMBER_STATUSES.map((s) => ({ value: s, label: statusTitle(s) }));
export const INVITE_STATUS_OPTIONS = INVITE_STATUSES.map((s) => ({ value: s, label: statusTitle(s) }));

export { PERMISSION_AREA_LIST } from './role-codes.ts';

// Words kept as written when a code becomes a label.
const ACRONYMS = new Set(['TM', 'CM', 'WL', 'AML', 'CA', 'EDD', 'AI', 'OFAC', 'IP', 'SAR', 'KYB']);

/** 'SEE_TM_CASES' → 'See TM cases'. The code itself stays visible beside it. */
export function codeLabel(code: string): string {
  const words = code.split('_').filter(Boolean).map((w, i) => {
    if (ACRONYMS.has(w) || /\d/.test(w)) return w;
    const lower = w.toLowerCase();
    return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
  });
  return words.join(' ');
}

/** A retention period in days as the period select names it; null is Indefinite. */
export const periodLabel = retentionPeriodLabel;
