// An export request (spec 4, texts of spec 8, constants of spec 9): create it, then ask
// for its status every 5 s, at most 18 times (about 90 s). Completed with an uploaded
// document downloads it; failed ends with an error; still running after the 18th answer
// ends with the timeout warning (the file shows up on the export requests page later).
import { assign, emit, fromPromise, setup } from 'xstate';

export const EXPORT_POLL_INTERVAL_MS = 5000;
export const EXPORT_MAX_ATTEMPTS = 18;

/** Spec 8, verbatim (spelling included). */
export const EXPORT_TEXTS = {
  generating: 'PDF is being generated. Please, wait...',
  generated: 'PDF has been succesfully generated. It will be downloaded automatically',
  failed: 'PDF export has been failed',
  timeout: 'Your report is being generated longer than expected. You can check export requests page later to fing it',
} as const;

export type ExportRequestId = string | number;

/** The create call's body (spec 3: export request). */
export interface ExportRequestBody {
  export_template_id: ExportRequestId;
  filters?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

/** The status call's answer (spec 3: export request). */
export interface ExportStatus {
  execution_status: string;
  uploaded_document_id?: string | number | null;
  export_sub_requests?: { execution_status: string }[];
}

export interface DownloadInput {
  requestId: ExportRequestId;
  documentId: string | number;
}

export type ExportPollingEvent = { type: 'START'; request: ExportRequestBody };

export type NoticeLevel = 'info' | 'success' | 'error' | 'warning';

export type ExportPollingEmitted =
  | { type: 'NOTICE'; level: NoticeLevel; text: string }
  /** The app refreshes the unread export requests dot (spec 7: list after a timeout). */
  | { type: 'TIMED_OUT'; requestId: ExportRequestId | null };

export interface ExportPollingContext {
  request: ExportRequestBody | null;
  requestId: ExportRequestId | null;
  /** Status answers asked for so far. */
  attempts: number;
  documentId: string | number | null;
  error: unknown;
}

// Named actions and guards see the machine's event union; on onDone the event carries output.
function outputOf<T>(event: object): T {
  return (event as { output: T }).output;
}

function isCompleted(status: ExportStatus): boolean {
  return status.execution_status === 'completed'
    && status.uploaded_document_id !== undefined && status.uploaded_document_id !== null && status.uploaded_document_id !== '';
}

const never = <T>() => new Promise<T>(() => undefined);

export const exportPollingMachine = setup({
  types: {
    context: {} as ExportPollingContext,
    events: {} as ExportPollingEvent,
    emitted: {} as ExportPollingEmitted,
  },
  actors: {
    /** Injected: create the export request; resolves to its id. */
    createExport: fromPromise<{ id: ExportRequestId }, ExportRequestBody>(() => never()),
    /** Injected: the status call by id. */
    fetchStatus: fromPromise<ExportStatus, { requestId: ExportRequestId }>(() => never()),
    /** Injected: document download info, then the document itself. */
    download: fromPromise<void, DownloadInput>(() => never()),
  },
  actions: {
    storeRequest: assign(({ event }) => ({ request: event.request, attempts: 0, requestId: null, documentId: null, error: null })),
    storeRequestId: assign(({ event }) => ({ requestId: outputOf<{ id: ExportRequestId }>(event).id })),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    storeDocument: assign(({ event }) => ({
      documentId: outputOf<ExportStatus>(event).uploaded_document_id ?? null,
    })),
    storeError: assign(({ event }) => ({ error: 'error' in event ? (event as { error: unknown }).error : 'failed' })),
    noticeGenerating: emit({ type: 'NOTICE' as const, level: 'info' as const, text: EXPORT_TEXTS.generating }),
    noticeGenerated: emit({ type: 'NOTICE' as const, level: 'success' as const, text: EXPORT_TEXTS.generated }),
    noticeFailed: emit({ type: 'NOTICE' as const, level: 'error' as const, text: EXPORT_TEXTS.failed }),
    noticeTimeout: emit({ type: 'NOTICE' as const, level: 'warning' as const, text: EXPORT_TEXTS.timeout }),
    announceTimeout: emit(({ context }) => ({ type: 'TIMED_OUT' as const, requestId: context.requestId })),
  },
  guards: {
    completed: ({ event }) => isCompleted(outputOf<ExportStatus>(event)),
    failed: ({ event }) => outputOf<ExportStatus>(event).execution_status === 'failed',
    attemptsUsed: ({ context }) => context.attempts >= EXPORT_MAX_ATTEMPTS,
  },
  delays: {
    pollInterval: EXPORT_POLL_INTERVAL_MS,
  },
}).createMachine({
  id: 'exportPolling',
  description: 'Export request: poll every 5 s up to 18 times, then download, fail or warn.',
  context: { request: null, requestId: null, attempts: 0, documentId: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { START: { target: 'creating', actions: 'storeRequest' } },
    },
    creating: {
      invoke: {
        src: 'createExport',
        input: ({ context }) => context.request as ExportRequestBody,
        onDone: { target: 'waiting', actions: ['storeRequestId', 'noticeGenerating'] },
        onError: { target: 'failed', actions: 'storeError' },
      },
    },
    waiting: {
      after: { pollInterval: 'checking' },
    },
    checking: {
      entry: 'countAttempt',
      invoke: {
        src: 'fetchStatus',
        input: ({ context }) => ({ requestId: context.requestId as ExportRequestId }),
        onDone: [
          { guard: 'completed', target: 'downloading', actions: ['storeDocument', 'noticeGenerated'] },
          { guard: 'failed', target: 'failed' },
          { guard: 'attemptsUsed', target: 'timedOut' },
          { target: 'waiting' },
        ],
        // A status call that fails (network) spends an attempt; the next one may succeed.
        onError: [
          { guard: 'attemptsUsed', target: 'timedOut' },
          { target: 'waiting' },
        ],
      },
    },
    downloading: {
      invoke: {
        src: 'download',
        input: ({ context }) => ({
          requestId: context.requestId as ExportRequestId,
          documentId: context.documentId as string | number,
        }),
        onDone: 'downloaded',
        onError: { target: 'failed', actions: 'storeError' },
      },
    },
    downloaded: { type: 'final' },
    failed: { type: 'final', entry: 'noticeFailed' },
    timedOut: { type: 'final', entry: ['noticeTimeout', 'announceTimeout'] },
  },
});

export type ExportPollingMachine = typeof exportPollingMachine;
