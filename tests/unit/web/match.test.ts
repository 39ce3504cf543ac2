import { describe, expect, it } from 'vitest';
import { fillPattern, isInside, matchPattern, patternScore } from '../../../src/web/router/match.ts';

describe('path patterns', () => {
  it('matches whole paths with parameters', () => {
    expect(matchPattern('account/users/:id', 'account/users/42')).toEqual({ id: '42' });
    expect(matchPattern('account/users/:id', 'account/users')).toBeNull();
    expect(matchPattern('account/users/:id', 'account/users/42/edit')).toBeNull();
    expect(matchPattern('', '')).toEqual({});
    expect(matchPattern('a/*', 'a/b/c')).toEqual({ '*': 'b/c' });
    expect(matchPattern('x/:name', 'x/J%C3%BCrgen')).toEqual({ name: 'Jürgen' });
  });

  it('ranks static segments above parameters', () => {
    expect(patternScore('a/b')).toBeGreaterThan(patternScore('a/:id'));
    expect(patternScore('a/:id')).toBeGreaterThan(patternScore('a/*'));
  });

  it('fills targets and tells when a path is inside another', () => {
    expect(fillPattern('transaction/investigations/form/:id', { id: '5' })).toBe('transaction/investigations/form/5');
    expect(fillPattern('checkup/*', { '*': 'a/b' })).toBe('checkup/a/b');
    expect(isInside('account/users/5', 'account/users')).toBe(true);
    expect(isInside('account/users', 'account/users/5')).toBe(false);
    expect(isInside('account/usersx', 'account/users')).toBe(false);
  });
});
