import { describe, expect, it } from 'vitest';
import { array, object, optional, string } from 'superstruct';
import { ApiError } from '../../../src/web/api-client.ts';
import { serverFieldErrors } from '../../../src/web/toolkit/server-errors.ts';
import { email, file, max, min, minLength, pattern, required, superstructResolver } from '../../../src/web/toolkit/superstruct-resolver.ts';

type R = { values: Record<string, unknown>; errors: Record<string, { message?: string; type?: string } | undefined> };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const run = async (resolver: (...args: any[]) => unknown, values: Record<string, unknown>) =>
  (await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false })) as unknown as R;

describe('superstruct resolver', () => {
  const schema = object({
    name: required(string()),
    password: minLength(8),
    contact_email: optional(email()),
    code: optional(pattern('^[A-Z]{3}$')),
  });
  const resolver = superstructResolver(schema, { labels: { name: 'Name', password: 'Password', contact_email: 'Email' } });

  it('passes valid values through', async () => {
    const r = await run(resolver, { name: 'Ada', password: 'long enough', contact_email: 'ada@example.org' });
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({ name: 'Ada' });
  });

  it('uses the library messages with the field label', async () => {
    const r = await run(resolver, { name: '', password: 'short', contact_email: 'nope' });
    expect(r.errors.name?.message).toBe('Name is a required field');
    expect(r.errors.password?.message).toBe('Password must be at least 8 characters');
    expect(r.errors.contact_email?.message).toBe('Email must be a valid email');
  });

  it('treats a missing value as required', async () => {
    const r = await run(resolver, { password: 'long enough' });
    expect(r.errors.name?.message).toBe('Name is a required field');
  });

  it('applies the regexp rule of spec 5: empty ignored, "Invalid value" by default, bad patterns ignored', async () => {
    expect((await run(resolver, { name: 'a', password: '12345678', code: '' })).errors).toEqual({});
    expect((await run(resolver, { name: 'a', password: '12345678', code: 'abc' })).errors.code?.message).toBe('Invalid value');
    const lenient = superstructResolver(object({ code: pattern('([unclosed') }));
    expect((await run(lenient, { code: 'anything' })).errors).toEqual({});
  });

  it('takes per-field overrides such as "Required"', async () => {
    const custom = superstructResolver(object({ name: required(string()) }), { messages: { name: { required: 'Required' } } });
    expect((await run(custom, { name: '  ' })).errors.name?.message).toBe('Required');
  });

  it('places nested failures on their path and checks numbers and files', async () => {
    const nested = superstructResolver(object({
      items: array(object({ qty: min(1) })),
      limit: max(10),
      doc: file({ accept: ['.pdf'], maxFileSizeKb: 1 }),
    }));
    const r = await run(nested, { items: [{ qty: 0 }], limit: 11, doc: { name: 'x.png', size: 10 } });
    const items = r.errors.items as unknown as { qty?: { message: string } }[];
    expect(items[0].qty?.message).toBe('Qty must be greater than or equal to 1');
    expect(r.errors.limit?.message).toBe('Limit must be less than or equal to 10');
    expect(r.errors.doc?.message).toBe('Doc must be one of .pdf');
    const big = await run(nested, { items: [], limit: 1, doc: { name: 'x.pdf', size: 4096 } });
    expect(big.errors.doc?.message).toBe('Doc must be at most 1 KB');
  });

  it('maps a 400 answer onto the form fields it names', () => {
    const err = new ApiError(400, { error_code: 'VALIDATION_FAILED', message: 'Some fields are not valid', errors: { email: 'is taken', other: 'x' } });
    expect(serverFieldErrors(err, ['email', 'name'])).toEqual([['email', 'is taken']]);
    expect(serverFieldErrors(new Error('x'), ['email'])).toEqual([]);
  });
});
