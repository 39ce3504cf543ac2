// Which database failures are an outage (503 with Retry-After) rather than a bug (500) or
// the request's fault (400): the classifier the HTTP layer and the job worker share.
import { describe, expect, it } from 'vitest';
import { CommitInDoubtError, isDatabaseUnavailable } from '../../src/server/db/availability.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('counts a server that is down, restarting, out of slots or gone mid-query as an outage', () => {
    for (const err of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('53300', 'too many connections for database "x"'),
      pgError('08006'), pgError('08001'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], ''),
      new Error('wrapped', { cause: pgError('57P01') }),
      new CommitInDoubtError('1234', new Error('Connection terminated unexpectedly')),
    ]) expect(isDatabaseUnavailable(err), String(err)).toBe(true);
  });

  it('does not count what the request or the code got wrong', () => {
    for (const err of [
      pgError('23505', 'duplicate key'), pgError('22021', 'invalid byte sequence'), pgError('42P01', 'relation does not exist'),
      pgError('42501', 'permission denied'), pgError('57014', 'canceling statement due to statement timeout'),
      new TypeError('x is undefined'), new RangeError('Maximum call stack size exceeded'), null, undefined, 'text',
    ]) expect(isDatabaseUnavailable(err), String(err)).toBe(false);
  });
});
