// The pure parts of client settings: the roles editor's per-area picking, the labels the
// pages show, the request schemas' per-field messages, the invitation link and mail.
import { validate, type Struct } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { invitationMail } from '../../plugins/client-settings/server/invite-mail.ts';
import { inviteLink } from '../../plugins/client-settings/server/settings.ts';
import { hashInviteToken, newInviteToken } from '../../plugins/client-settings/server/tokens.ts';
import { codeLabel, periodLabel, PERMISSION_AREA_LIST, roleTitle } from '../../plugins/client-settings/web/labels.ts';
import { areaState, ordered, toggleArea, toggleCode } from '../../plugins/client-settings/web/role-codes.ts';
import { loadConfig } from '../../src/server/config.ts';
import { fieldErrors } from '../../src/shared/schemas/common.ts';
import { registry } from '../../src/web/registry.ts';
import {
  DATA_RETENTION_PERIODS, inviteCreateBody, memberUpdateBody, onboardingRegisterBody, roleCreateBody,
} from '../../plugins/client-settings/schemas.ts';

const errorsOf = (value: unknown, struct: Struct<any, any>) => {
  const [err] = validate(value, struct, { coerce: true });
  return err ? fieldErrors(err, { unwrap: true }) : null;
};

describe('roles editor: codes per area', () => {
  it('select all turns a whole area on, then off, leaving other areas alone', () => {
    const start = ['SEE_TM'];
    const on = toggleArea('profiles', start);
    expect(on).toEqual(['SEE_PROFILES_LIST', 'SEE_PROFILE', 'SEE_PROFILE_CONFIDENTIAL', 'MANAGE_PROFILE', 'MANAGE_BLACKLIST_PROFILES', 'SEE_TM']);
    expect(areaState('profiles', on)).toBe('all');
    const off = toggleArea('profiles', on);
    expect(off).toEqual(['SEE_TM']);
    expect(areaState('profiles', off)).toBe('none');
  });

  it('a partly chosen area reads "some" and select all completes it', () => {
    const some = toggleCode('SEE_PROFILE', []);
    expect(areaState('profiles', some)).toBe('some');
    expect(areaState('profiles', toggleArea('profiles', some))).toBe('all');
    expect(toggleCode('SEE_PROFILE', some)).toEqual([]);
  });

  it('keeps codes in the order of the permission areas and drops unknown ones', () => {
    expect(ordered(['SEE_TM', 'CLIENT_MANAGE', 'NOT_A_CODE', 'CLIENT_MANAGE'])).toEqual(['CLIENT_MANAGE', 'SEE_TM']);
  });

  it('offers every declared permission code exactly once, grouped by the area that declares it', () => {
    const listed = PERMISSION_AREA_LIST.flatMap((a) => a.codes);
    expect(listed).toEqual(registry.catalog.permissions.map((p) => p.code));
    expect(new Set(listed).size).toBe(listed.length);
    expect(PERMISSION_AREA_LIST.map((a) => a.title)).toContain('Client Settings');
    expect(PERMISSION_AREA_LIST.find((a) => a.area === 'profiles')?.codes).toContain('SEE_PROFILES_LIST');
    expect(listed).not.toContain('ADMIN');
  });
});

describe('labels', () => {
  it('turns codes into readable labels, keeping acronyms', () => {
    expect(codeLabel('SEE_TM_CASES')).toBe('See TM cases');
    expect(codeLabel('CLIENT_MANAGE')).toBe('Client manage');
    expect(codeLabel('UNIT_21_KYB')).toBe('Unit 21 KYB');
  });

  it('names retention periods as the period select does, Indefinite for null', () => {
    expect(periodLabel(null)).toBe('Indefinite');
    expect(periodLabel(365)).toBe('1 year (365 days)');
    expect(periodLabel(1095)).toBe('1095 days');
    // Every option of the one shared list is named by its own label.
    for (const p of DATA_RETENTION_PERIODS) expect(periodLabel(p.value)).toBe(p.label);
  });

  it('shows role titles, and an unknown role as it is', () => {
    expect(roleTitle('officer')).toBe('Compliance officer');
    expect(roleTitle('legacy')).toBe('legacy');
  });
});

describe('request schemas', () => {
  it('invite: email format, role from the fixed set, group ids', () => {
    expect(errorsOf({ invite: { email: 'nope', role: 'analyst' } }, inviteCreateBody)).toEqual({ email: 'must be a valid email' });
    expect(errorsOf({ invite: { email: '', role: 'analyst' } }, inviteCreateBody)).toEqual({ email: 'is a required field' });
    expect(errorsOf({ invite: { email: 'a@b.co', role: 'king' } }, inviteCreateBody)).toEqual({ role: 'must be one of owner, officer, analyst, member' });
    expect(errorsOf({ invite: { email: 'a@b.co', role: 'member', permission_group_ids: ['x'] } }, inviteCreateBody)).toEqual({ 'permission_group_ids.0': 'must be a valid id' });
    expect(errorsOf({ invite: { email: ' a@b.co ', role: 'member' } }, inviteCreateBody)).toBeNull();
  });

  it('accepting as a new user: password of at least 12 characters and a name', () => {
    const token = newInviteToken().token;
    expect(errorsOf({ invite: { token, full_name: 'Ann', password: 'short' } }, onboardingRegisterBody)).toEqual({ password: 'must be at least 12 characters' });
    expect(errorsOf({ invite: { token, full_name: ' ', password: 'long enough pass' } }, onboardingRegisterBody)).toEqual({ full_name: 'is a required field' });
    expect(errorsOf({ invite: { token: 'bad token!', full_name: 'Ann', password: 'long enough pass' } }, onboardingRegisterBody)).toEqual({ token: 'is not a valid invitation token' });
    expect(errorsOf({ invite: { token, full_name: 'Ann', password: 'long enough pass' } }, onboardingRegisterBody)).toBeNull();
  });

  it('roles take known permission codes only; members a role of the fixed set', () => {
    expect(errorsOf({ role: { name: 'Ops', codes: ['SEE_TM', 'not a code'] } }, roleCreateBody)).toHaveProperty(['codes.1']);
    expect(errorsOf({ role: { name: '', codes: [] } }, roleCreateBody)).toEqual({ name: 'is a required field' });
    expect(errorsOf({ user: { role: 'owner', permission_group_ids: [] } }, memberUpdateBody)).toBeNull();
    expect(errorsOf({ user: { role: 'root' } }, memberUpdateBody)).toHaveProperty('role');
  });
});

describe('invitation link and mail', () => {
  it('builds the link from the public address the server is configured with', () => {
    const secret = { SESSION_SECRET: 'unit-test-session-secret-0123456789abcdef' };
    expect(inviteLink(loadConfig({ ...secret, PUBLIC_URL: 'https://compliance.example.com/' }), 'abc'))
      .toBe('https://compliance.example.com/onboarding?invite=abc');
    expect(inviteLink(loadConfig({ ...secret, PORT: '8080' }), 'abc')).toBe('http://localhost:8080/onboarding?invite=abc');
    expect(inviteLink({ publicUrl: 'https://c.example' }, 'a/b+c')).toBe('https://c.example/onboarding?invite=a%2Fb%2Bc');
  });

  it('makes a new random token each time and stores only its hash', () => {
    const a = newInviteToken();
    const b = newInviteToken();
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.hash).toBe(hashInviteToken(a.token));
    expect(a.hash).not.toContain(a.token);
  });

  it('names the client and the inviter, carries the link, and escapes names in HTML', () => {
    const m = invitationMail({ to: 'x@example.com', clientName: 'Acme <Pay>', inviterName: 'Oli & Co', link: 'https://c.example/onboarding?invite=t' });
    expect(m.subject).toBe('You are invited to join Acme <Pay>');
    expect(m.text).toContain('Oli & Co invited you to join Acme <Pay>');
    expect(m.text).toContain('https://c.example/onboarding?invite=t');
    expect(m.text).toContain('7 days');
    expect(m.html).toContain('Acme &lt;Pay&gt;');
    expect(m.html).toContain('Oli &amp; Co');
    expect(invitationMail({ to: 'x@example.com', clientName: 'Acme', inviterName: null, link: 'l' }).text).toMatch(/^A colleague invited you/);
  });
});
