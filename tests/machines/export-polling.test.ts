import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import {
  EXPORT_MAX_ATTEMPTS, EXPORT_POLL_INTERVAL_MS, EXPORT_TEXTS, exportPollingMachine,
} from '../../plugins/profiles/machines/export-polling.ts';
import type {
  DownloadInput, ExportPollingEmitted, ExportRequestBody, ExportRequestId, ExportStatus,
} from '../../plugins/profiles/machines/export-polling.ts';
import { fullCoverage, recordEmitted, settle, testClock } from './helpers.ts';

const coverage = fullCoverage(exportPollingMachine);

type Answer = ExportStatus | Error;
const pending: ExportStatus = { execution_status: 'in_progress' };

function start(answers: (n: number) => Answer, options: { createFails?: boolean; downloadFails?: boolean } = {}) {
  const t = testClock();
  const polls: { at: number; requestId: ExportRequestId }[] = [];
  const downloads: DownloadInput[] = [];
  const created: ExportRequestBody[] = [];
  const logic = exportPollingMachine.provide({
    actors: {
      createExport: fromPromise<{ id: ExportRequestId }, ExportRequestBody>(async ({ input }) => {
        created.push(input);
        if (options.createFails) throw new Error('template not found');
        return { id: 7 };
      }),
      fetchStatus: fromPromise<ExportStatus, { requestId: ExportRequestId }>(async ({ input }) => {
        polls.push({ at: t.now(), requestId: input.requestId });
        const answer = answers(polls.length);
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      download: fromPromise<void, DownloadInput>(async ({ input }) => {
        downloads.push(input);
        if (options.downloadFails) throw new Error('document gone');
      }),
    },
  });
  const actor = coverage.createActor(logic, { clock: t.clock });
  const emitted = recordEmitted<ExportPollingEmitted>(actor, ['NOTICE', 'TIMED_OUT'], t.now);
  actor.start();
  /** Lets polling run until the machine stops or `ms` pass. */
  const run = async (ms: number) => {
    for (let waited = 0; waited < ms && actor.getSnapshot().status === 'active'; waited += 1000) {
      t.advance(1000, 100);
      await settle();
    }
  };
  const notices = () => emitted.filter((e) => e.event.type === 'NOTICE').map((e) => e.event);
  return { t, actor, polls, downloads, created, emitted, run, notices };
}

describe('export polling machine', () => {
  it('creates the request, polls every 5 s and downloads the completed document', async () => {
    const { actor, polls, downloads, created, run, notices } = start((n) =>
      n < 3 ? pending : { execution_status: 'completed', uploaded_document_id: 'doc-1' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'START', request: { export_template_id: 3, filters: { q: 'x' } } });
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(created).toEqual([{ export_template_id: 3, filters: { q: 'x' } }]);
    expect(notices()).toEqual([{ type: 'NOTICE', level: 'info', text: EXPORT_TEXTS.generating }]);
    await run(60_000);
    expect(polls).toEqual([5000, 10_000, 15_000].map((at) => ({ at, requestId: 7 })));
    expect(downloads).toEqual([{ requestId: 7, documentId: 'doc-1' }]);
    expect(actor.getSnapshot().value).toBe('downloaded');
    expect(actor.getSnapshot().status).toBe('done');
    expect(notices().at(-1)).toEqual({ type: 'NOTICE', level: 'success', text: EXPORT_TEXTS.generated });
  });

  it('keeps polling while completed has no uploaded document yet', async () => {
    const { actor, polls, downloads, run } = start((n) =>
      n < 2 ? { execution_status: 'completed', uploaded_document_id: null } : { execution_status: 'completed', uploaded_document_id: 9 });
    actor.send({ type: 'START', request: { export_template_id: 1 } });
    await run(60_000);
    expect(polls).toHaveLength(2);
    expect(downloads).toEqual([{ requestId: 7, documentId: 9 }]);
  });

  it('ends with an error when the export failed', async () => {
    const { actor, downloads, run, notices } = start((n) => (n < 2 ? pending : { execution_status: 'failed' }));
    actor.send({ type: 'START', request: { export_template_id: 1 } });
    await run(60_000);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(downloads).toEqual([]);
    expect(notices().at(-1)).toEqual({ type: 'NOTICE', level: 'error', text: EXPORT_TEXTS.failed });
  });

  it('stops after 18 attempts (90 s) with the timeout warning', async () => {
    const { actor, polls, emitted, run, notices } = start(() => pending);
    actor.send({ type: 'START', request: { export_template_id: 1 } });
    await waitFor(actor, (s) => s.matches('waiting'));
    await run(89_000);
    expect(polls).toHaveLength(EXPORT_MAX_ATTEMPTS - 1);
    expect(actor.getSnapshot().status).toBe('active');
    await run(120_000);
    expect(polls).toHaveLength(EXPORT_MAX_ATTEMPTS);
    expect(polls.map((p) => p.at)).toEqual(Array.from({ length: 18 }, (_, i) => (i + 1) * EXPORT_POLL_INTERVAL_MS));
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(notices().at(-1)).toEqual({ type: 'NOTICE', level: 'warning', text: EXPORT_TEXTS.timeout });
    expect(emitted.at(-1)?.event).toEqual({ type: 'TIMED_OUT', requestId: 7 });
  });

  it('counts a failed status call as an attempt and keeps going', async () => {
    const { actor, polls, downloads, run } = start((n) =>
      n === 1 ? new Error('502') : { execution_status: 'completed', uploaded_document_id: 'd' });
    actor.send({ type: 'START', request: { export_template_id: 1 } });
    await run(60_000);
    expect(polls).toHaveLength(2);
    expect(downloads).toHaveLength(1);
  });

  it('times out when the 18th status call fails', async () => {
    const { actor, polls, run } = start((n) => (n < 18 ? pending : new Error('502')));
    actor.send({ type: 'START', request: { export_template_id: 1 } });
    await run(200_000);
    expect(polls).toHaveLength(18);
    expect(actor.getSnapshot().value).toBe('timedOut');
  });

  it('fails when the request cannot be created or the document cannot be downloaded', async () => {
    const a = start(() => pending, { createFails: true });
    a.actor.send({ type: 'START', request: { export_template_id: 1 } });
    await a.run(30_000);
    expect(a.actor.getSnapshot().value).toBe('failed');
    expect(a.polls).toEqual([]);
    expect(a.notices()).toEqual([{ type: 'NOTICE', level: 'error', text: EXPORT_TEXTS.failed }]);

    const b = start(() => ({ execution_status: 'completed', uploaded_document_id: 1 }), { downloadFails: true });
    b.actor.send({ type: 'START', request: { export_template_id: 1 } });
    await b.run(30_000);
    expect(b.actor.getSnapshot().value).toBe('failed');
    expect(b.actor.getSnapshot().context.error).toBeInstanceOf(Error);
  });
});
