// The sandbox controls under the chart: the events the current state accepts as buttons,
// optional event data, Reset, and the log of the steps taken.
import { Button, TextInput } from '@primer/react';
import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { sandboxEvents, formatStateValue, type Sandbox, type SandboxEvent } from './inspector-sandbox.ts';

const Wrap = styled.div`
  display: grid; gap: 12px; font-size: 13px;
  .row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
  .state { font-weight: 600; }
  .events { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; margin: 0; padding: 0; }
  .hint { color: var(--fgColor-muted, #59636e); font-size: 12px; }
  .guard { color: var(--fgColor-muted, #59636e); font-style: italic; margin-left: 4px; font-weight: 400; }
  .error { color: var(--fgColor-danger, #d1242f); font-size: 12px; }
  table { width: 100%; border-collapse: collapse; font-size: 12px; }
  td, th { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--borderColor-muted, #d1d9e0b3); vertical-align: top; }
  th { color: var(--fgColor-muted, #59636e); font-weight: 600; }
  h3 { font-size: 14px; margin: 0; }
`;

function parsePayload(text: string): { payload: Record<string, unknown>; error: string | null } {
  if (!text.trim()) return { payload: {}, error: null };
  try {
    const v: unknown = JSON.parse(text);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return { payload: {}, error: 'Event data must be a JSON object, e.g. {"userId": "u1"}' };
    return { payload: v as Record<string, unknown>, error: null };
  } catch {
    return { payload: {}, error: 'Event data is not valid JSON' };
  }
}

/** '[canSave]' when every transition for the event is guarded; nothing when one is not. */
function guardHint(e: SandboxEvent): string {
  return e.guards.every(Boolean) ? `[${e.guards.join(' | ')}]` : '';
}

export interface SandboxPanelProps {
  machineId: string;
  sandbox: Sandbox | null;
  error: string | null;
  /** Why the last event could not be sent (an action or guard threw). */
  stepError?: string | null;
  onSend: (event: Record<string, unknown> & { type: string }, label: string) => void;
  onReset: () => void;
}

export function SandboxPanel({ machineId, sandbox, error, stepError, onSend, onReset }: SandboxPanelProps) {
  const [payloadText, setPayloadText] = useState('');
  const payloadId = useId();
  const { payload, error: payloadError } = parsePayload(payloadText);
  const events = useMemo(() => (sandbox ? sandboxEvents(sandbox, payload) : []), [sandbox, payload]);
  if (error || !sandbox) {
    return (
      <Wrap>
        <p className="error" role="alert">This machine could not be started in the sandbox: {error ?? 'unknown error'}</p>
        <div className="row"><Button size="small" onClick={onReset}>Try again</Button></div>
      </Wrap>
    );
  }
  const finished = sandbox.snapshot.status !== 'active';
  return (
    <Wrap aria-label={`Sandbox of ${machineId}`} role="region">
      <p className="hint" style={{ margin: 0 }}>
        A copy of <strong>{machineId}</strong> stepped with xstate's pure transitions: no timers, services or requests run;
        the log lists what would have run.
      </p>
      <div className="row">
        <span>Current state: <span className="state" data-testid="sandbox-state">{formatStateValue(sandbox.snapshot.value)}</span></span>
        {finished ? <span className="hint">(final state reached: no more events)</span> : null}
        <Button size="small" onClick={() => { setPayloadText(''); onReset(); }}>Reset</Button>
      </div>
      <div>
        <h3 id={`${payloadId}-events`}>Events this state accepts</h3>
        {events.length === 0 ? <p className="hint">None.</p> : (
          <ul className="events" aria-labelledby={`${payloadId}-events`}>
            {events.map((e) => {
              const hint = guardHint(e);
              return (
                <li key={e.type}>
                  <Button size="small" disabled={!e.enabled || payloadError !== null}
                    aria-label={`Send ${e.label}${hint ? ` ${hint}` : ''}${e.enabled ? '' : ' (refused by its guard)'}`}
                    title={e.enabled ? `Send ${e.type}` : 'No transition would be taken: its guard refuses this event'}
                    onClick={() => onSend({ ...payload, type: e.type }, e.label)}>
                    {e.label}{hint ? <span className="guard">{hint}</span> : null}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="row">
        <label htmlFor={payloadId}>Event data (JSON, optional)</label>
        <TextInput id={payloadId} size="small" value={payloadText} placeholder='{"userId": "u1"}'
          onChange={(ev) => setPayloadText(ev.target.value)} aria-invalid={payloadError ? 'true' : undefined}
          aria-describedby={payloadError ? `${payloadId}-error` : undefined} style={{ width: 280 }} />
        {payloadError ? <span className="error" id={`${payloadId}-error`}>{payloadError}</span> : null}
      </div>
      {stepError ? <p className="error" role="alert" style={{ margin: 0 }}>{stepError}</p> : null}
      <div>
        <h3 id={`${payloadId}-log`}>Transitions taken</h3>
        <table aria-labelledby={`${payloadId}-log`} data-testid="sandbox-log">
          <thead><tr><th>#</th><th>From</th><th>Event</th><th>To</th><th>Actions</th></tr></thead>
          <tbody>
            <tr><td>0</td><td>—</td><td>start</td><td>{sandbox.start}</td>
              <td>{sandbox.startActions.join(', ') || '—'}</td></tr>
            {sandbox.log.map((s) => (
              <tr key={s.n}><td>{s.n}</td><td>{s.from}</td><td>{s.event}</td><td>{s.to}</td><td>{s.actions.join(', ') || '—'}</td></tr>
            ))}
          </tbody>
        </table>
      </div>
    </Wrap>
  );
}
