import { describe, expect, it } from 'vitest';
import { TM_CASE_STATUSES, availableTmCaseActions, tmCaseStatusMachine } from '../../plugins/transaction-monitoring/machines/tm-case-status.ts';
import type { TmCaseEmitted, TmCaseStatus } from '../../plugins/transaction-monitoring/machines/tm-case-status.ts';
import { fullCoverage, recordEmitted } from './helpers.ts';

const coverage = fullCoverage(tmCaseStatusMachine);
const INVESTIGATOR = ['SEE_TM_CASES', 'MANAGE_TM_CASES'];
const SUPERVISOR = ['SEE_TM', 'MANAGE_TM'];

function start(status: TmCaseStatus, permissions: readonly string[]) {
  const actor = coverage.createActor(tmCaseStatusMachine, { input: { status, permissions } });
  const changes = recordEmitted<TmCaseEmitted>(actor, ['STATUS_CHANGED']);
  actor.start();
  const status$ = () => actor.getSnapshot().value;
  const actions = () => availableTmCaseActions(actor.getSnapshot());
  return { actor, changes, status: status$, actions };
}

describe('transaction-monitoring case status machine', () => {
  it('starts in the status the server holds', () => {
    for (const status of TM_CASE_STATUSES) {
      const { actor } = start(status, []);
      expect(actor.getSnapshot().value).toBe(status);
      expect(actor.getSnapshot().context.status).toBe(status);
    }
  });

  it('lets an investigator open a case and request its close, but not approve it', () => {
    const { actor, status, actions, changes } = start('pre-open', INVESTIGATOR);
    expect(actions()).toEqual(['OPEN', 'REQUEST_CLOSE']);
    actor.send({ type: 'OPEN' });
    expect(status()).toBe('open');
    expect(actions()).toEqual(['REQUEST_CLOSE']);
    actor.send({ type: 'REQUEST_CLOSE', comment: 'No suspicious pattern' });
    expect(status()).toBe('pre-closed');
    expect(actions()).toEqual([]);
    actor.send({ type: 'APPROVE_CLOSE' });
    expect(status()).toBe('pre-closed');
    expect(changes.map((c) => c.event)).toEqual([
      { type: 'STATUS_CHANGED', from: 'pre-open', to: 'open', action: 'OPEN' },
      { type: 'STATUS_CHANGED', from: 'open', to: 'pre-closed', action: 'REQUEST_CLOSE', comment: 'No suspicious pattern' },
    ]);
  });

  it('lets an investigator send a plain false positive straight to close review', () => {
    const { actor, status } = start('pre-open', INVESTIGATOR);
    actor.send({ type: 'REQUEST_CLOSE' });
    expect(status()).toBe('pre-closed');
  });

  it('lets a supervisor approve or send back a close request, and reopen a closed case', () => {
    const { actor, status, actions, changes } = start('pre-closed', SUPERVISOR);
    expect(actions()).toEqual(['APPROVE_CLOSE', 'REJECT_CLOSE']);
    actor.send({ type: 'REJECT_CLOSE' });
    expect(status()).toBe('open');
    actor.send({ type: 'REQUEST_CLOSE' });
    actor.send({ type: 'APPROVE_CLOSE' });
    expect(status()).toBe('closed');
    expect(actions()).toEqual(['REOPEN']);
    actor.send({ type: 'REOPEN' });
    expect(status()).toBe('open');
    expect(changes.map((c) => c.event.type === 'STATUS_CHANGED' && `${c.event.from}>${c.event.to}`)).toEqual([
      'pre-closed>open', 'open>pre-closed', 'pre-closed>closed', 'closed>open',
    ]);
  });

  it('allows nothing without a managing permission', () => {
    for (const status of TM_CASE_STATUSES) {
      const { actor, actions, changes } = start(status, ['SEE_TM', 'SEE_TM_CASES']);
      expect(actions()).toEqual([]);
      for (const type of ['OPEN', 'REQUEST_CLOSE', 'APPROVE_CLOSE', 'REJECT_CLOSE', 'REOPEN'] as const) {
        actor.send({ type });
      }
      expect(actor.getSnapshot().value).toBe(status);
      expect(changes).toEqual([]);
    }
  });

  it('lets an investigator not reopen a closed case', () => {
    const { actions } = start('closed', INVESTIGATOR);
    expect(actions()).toEqual([]);
  });

  it('lets a platform administrator do everything', () => {
    const { actions } = start('pre-closed', ['ADMIN']);
    expect(actions()).toEqual(['APPROVE_CLOSE', 'REJECT_CLOSE']);
  });

  it('follows the server on SYNC (realtime status changes) without announcing a change', () => {
    const { actor, status, changes } = start('pre-open', INVESTIGATOR);
    for (const next of ['closed', 'pre-closed', 'open', 'pre-open'] as const) {
      actor.send({ type: 'SYNC', status: next });
      expect(status()).toBe(next);
    }
    expect(changes).toEqual([]);
  });

  it('re-reads what is allowed when permissions change', () => {
    const { actor, actions } = start('closed', INVESTIGATOR);
    actor.send({ type: 'SET_PERMISSIONS', permissions: SUPERVISOR });
    expect(actions()).toEqual(['REOPEN']);
  });
});
