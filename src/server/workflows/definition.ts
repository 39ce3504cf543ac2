// Flow definitions: checking one against the registered step types (every problem a field
// message naming the state), compiling it to what the runner reads, and building the xstate
// machine that decides every transition. Definitions are flat statecharts: states do not
// nest (docs/workflows.md).
import { setup, type AnyStateMachine } from 'xstate';
import { object, validate } from 'superstruct';
import type { ServerSettings } from '../../host/server.ts';
import { fieldErrors } from '../../shared/schemas/common.ts';
import type { WorkflowCondition, WorkflowRetry, WorkflowTransition } from '../../shared/schemas/workflows.ts';
import type { StepRegistry } from './registry.ts';
import { stepEvents } from './registry.ts';
import { canonicalJson, conditionErrors, DURATION_HINT, evaluate, MAX_NESTING, nestsDeeperThan, parseDuration } from './values.ts';

export const STATE_NAME_RE = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const EVENT_NAME_RE = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/** Reported by the runner when a step's attempts are used up (or it failed for good). */
export const FAILED_EVENT = 'failed';
const RESERVED_EVENT = /^(xstate|workflow)\./;

export const MAX_STATES = 200;
export const MAX_DEFINITION_BYTES = 256 * 1024;
export const DEFAULT_RETRY: Required<WorkflowRetry> = { max_attempts: 3, backoff_seconds: 10, timeout_seconds: 60 };

export interface CompiledState {
  final: boolean;
  step: { type: string; input: unknown; retry: Required<WorkflowRetry> } | null;
  /** Events the state's step reports itself: refused when sent from outside. */
  internal: string[];
  on: Record<string, WorkflowTransition[]>;
  timeout: { afterMs: number; event: string } | null;
}

export interface CompiledDefinition {
  initial: string;
  data: Record<string, unknown>;
  states: Record<string, CompiledState>;
}

export interface CheckResult {
  /** Field (relative to the definition) → message; empty when the definition is sound. */
  errors: Record<string, string>;
  compiled: CompiledDefinition | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function eventNameProblem(e: string): string | null {
  if (!EVENT_NAME_RE.test(e)) return 'must start with a letter and hold only letters, digits, _ . and - (at most 64)';
  if (RESERVED_EVENT.test(e)) return 'may not start with xstate. or workflow. (reserved)';
  return null;
}

function retryErrors(raw: unknown, add: (field: string, msg: string) => void, prefix: string, label: string) {
  if (raw === undefined) return;
  if (!isObject(raw)) { add(prefix, `${label}retry must be an object`); return; }
  const limits: Record<string, [number, number]> = { max_attempts: [1, 20], backoff_seconds: [1, 3600], timeout_seconds: [1, 3600] };
  for (const [k, v] of Object.entries(raw)) {
    const lim = Object.hasOwn(limits, k) ? limits[k] : undefined;
    if (!lim) { add(`${prefix}.${k}`, `${label}retry.${k} is not allowed`); continue; }
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lim[0] || v > lim[1]) add(`${prefix}.${k}`, `${label}retry.${k} must be a whole number from ${lim[0]} to ${lim[1]}`);
  }
}

/**
 * Checks a definition against the step types. Keys are relative to the definition
 * (`states.review.on.approved`); every message about a state starts with `state "<name>"`.
 */
export function checkDefinition(raw: unknown, steps: StepRegistry, env: { settings: ServerSettings }): CheckResult {
  const errors: Record<string, string> = {};
  const add = (field: string, msg: string) => { errors[field || 'base'] ??= msg; };

  if (!isObject(raw)) return { errors: { base: 'must be an object { initial, states }' }, compiled: null };
  if (Buffer.byteLength(JSON.stringify(raw)) > MAX_DEFINITION_BYTES) return { errors: { base: `must be at most ${MAX_DEFINITION_BYTES / 1024} KB of JSON` }, compiled: null };
  if (nestsDeeperThan(raw, MAX_NESTING)) return { errors: { base: `nests deeper than ${MAX_NESTING} levels` }, compiled: null };
  for (const k of Object.keys(raw)) if (!['initial', 'data', 'retry', 'states'].includes(k)) add(k, 'is not allowed');
  if (raw.data !== undefined && !isObject(raw.data)) add('data', 'must be an object');
  retryErrors(raw.retry, add, 'retry', '');

  if (!isObject(raw.states) || Object.keys(raw.states).length === 0) {
    add('states', 'must hold at least one state');
    return { errors, compiled: null };
  }
  const states = raw.states as Record<string, unknown>;
  const names = Object.keys(states);
  if (names.length > MAX_STATES) add('states', `may hold at most ${MAX_STATES} states`);
  const initial = raw.initial;
  if (typeof initial !== 'string' || initial === '') add('initial', 'is a required field');
  else if (!Object.hasOwn(states, initial)) add('initial', `names no state ("${initial}")`);

  const defaultRetry = { ...DEFAULT_RETRY, ...(isObject(raw.retry) ? raw.retry : {}) } as Required<WorkflowRetry>;
  const compiled: CompiledDefinition = { initial: String(initial), data: isObject(raw.data) ? raw.data : {}, states: {} };

  for (const name of names) {
    const at = `states.${name}`;
    const st = `state "${name}"`;
    if (!STATE_NAME_RE.test(name)) add(at, `${st}: a state name must start with a letter and hold only letters, digits, _ and - (at most 64)`);
    const s = states[name];
    if (!isObject(s)) { add(at, `${st} must be an object`); continue; }
    for (const k of Object.keys(s)) if (!['type', 'description', 'step', 'on', 'timeout'].includes(k)) add(`${at}.${k}`, `${st}: ${k} is not allowed`);
    if (s.type !== undefined && s.type !== 'final') add(`${at}.type`, `${st}: type must be "final" or left out`);
    if (s.description !== undefined && (typeof s.description !== 'string' || s.description.length > 1000)) add(`${at}.description`, `${st}: description must be a text of at most 1000 characters`);
    const final = s.type === 'final';
    const c: CompiledState = { final, step: null, internal: [], on: {}, timeout: null };
    let emitted: string[] = [];
    compiled.states[name] = c;

    if (final) {
      if (s.step !== undefined) add(`${at}.step`, `${st} is final: it cannot have a step`);
      if (s.on !== undefined && !(isObject(s.on) && Object.keys(s.on).length === 0)) add(`${at}.on`, `${st} is final: it cannot have transitions`);
      if (s.timeout !== undefined) add(`${at}.timeout`, `${st} is final: it cannot have a timeout`);
      continue;
    }

    // The step: a known type whose input passes its schema.
    if (s.step !== undefined) {
      const step = s.step;
      if (!isObject(step)) add(`${at}.step`, `${st}: step must be an object { type, input }`);
      else {
        for (const k of Object.keys(step)) if (!['type', 'input', 'retry'].includes(k)) add(`${at}.step.${k}`, `${st}: step.${k} is not allowed`);
        const def = typeof step.type === 'string' ? steps.get(step.type) : undefined;
        if (typeof step.type !== 'string' || step.type === '') add(`${at}.step.type`, `${st}: step.type is a required field`);
        else if (!def) add(`${at}.step.type`, `${st}: unknown step type "${step.type}"`);
        retryErrors(step.retry, add, `${at}.step.retry`, `${st}: `);
        if (def) {
          // Wrapped, so that a field of the input named like fieldErrors' 'base' stays a field.
          const [err, wrapped] = validate({ input: step.input ?? {} }, object({ input: def.input }), { coerce: true });
          const input = wrapped?.input;
          if (err) {
            for (const [path, msg] of Object.entries(fieldErrors(err))) {
              const field = path.slice('input.'.length);
              if (path === 'input') add(`${at}.step.input`, `${st}: the input of ${def.type} ${msg}`);
              else add(`${at}.step.input.${field}`, `${st}: input field "${field}" ${msg}`);
            }
          } else {
            for (const [field, msg] of Object.entries(def.check?.(input, env) ?? {})) {
              add(field === 'base' ? `${at}.step.input` : `${at}.step.input.${field}`, `${st}: input field "${field}" ${msg}`);
            }
            const events = stepEvents(def, input);
            emitted = events;
            c.internal = def.external ? [FAILED_EVENT] : [...new Set([...events, FAILED_EVENT])];
            c.step = {
              type: def.type,
              input: step.input ?? {},
              retry: { ...defaultRetry, ...(isObject(step.retry) ? step.retry : {}) } as Required<WorkflowRetry>,
            };
            for (const e of events) {
              const bad = eventNameProblem(e);
              if (bad) add(`${at}.step.input`, `${st}: the step would emit "${e}", which ${bad}`);
            }
          }
        }
      }
    }

    // Transitions: event → target | { target, guard } | [ … ].
    if (s.on !== undefined && !isObject(s.on)) add(`${at}.on`, `${st}: on must be an object { event: target }`);
    const on = isObject(s.on) ? s.on : {};
    for (const [event, spec] of Object.entries(on)) {
      const key = `${at}.on.${event}`;
      const badName = eventNameProblem(event);
      if (badName) { add(key, `${st}: event "${event}" ${badName}`); continue; }
      const list = Array.isArray(spec) ? spec : [spec];
      if (list.length === 0 || list.length > 20) { add(key, `${st}: event "${event}" needs from 1 to 20 transitions`); continue; }
      const out: WorkflowTransition[] = [];
      let unguardedSeen = false;
      list.forEach((t, i) => {
        const k = Array.isArray(spec) ? `${key}.${i}` : key;
        const tr = typeof t === 'string' ? { target: t } : t;
        if (!isObject(tr) || typeof tr.target !== 'string' || tr.target === '') { add(k, `${st}: event "${event}" needs a target state`); return; }
        for (const f of Object.keys(tr)) if (!['target', 'guard'].includes(f)) add(`${k}.${f}`, `${st}: event "${event}": ${f} is not allowed`);
        if (!Object.hasOwn(states, tr.target)) add(k, `${st}: event "${event}" goes to "${tr.target}", which is not a state`);
        if (unguardedSeen) add(k, `${st}: event "${event}": the transition to "${tr.target}" follows one without a guard and can never be taken`);
        if (tr.guard === undefined) unguardedSeen = true;
        else for (const [f, msg] of Object.entries(conditionErrors(tr.guard))) add(f ? `${k}.guard.${f}` : `${k}.guard`, `${st}: event "${event}": guard ${f ? `${f} ` : ''}${msg}`);
        out.push(tr.guard === undefined ? { target: tr.target } : { target: tr.target, guard: tr.guard as WorkflowCondition });
      });
      c.on[event] = out;
    }

    // Timeout: the event is sent when the instance is still here `after` from entry.
    if (s.timeout !== undefined) {
      if (!isObject(s.timeout)) add(`${at}.timeout`, `${st}: timeout must be an object { after, event }`);
      else {
        for (const k of Object.keys(s.timeout)) if (!['after', 'event'].includes(k)) add(`${at}.timeout.${k}`, `${st}: timeout.${k} is not allowed`);
        const ms = parseDuration(s.timeout.after);
        if (ms === null) add(`${at}.timeout.after`, `${st}: timeout.after ${DURATION_HINT}`);
        const ev = s.timeout.event;
        if (typeof ev !== 'string' || ev === '') add(`${at}.timeout.event`, `${st}: timeout.event is a required field`);
        else if (!Object.hasOwn(on, ev)) add(`${at}.timeout.event`, `${st}: the timeout event "${ev}" has no transition in on`);
        if (ms !== null && typeof ev === 'string') c.timeout = { afterMs: ms, event: ev };
      }
    }

    // Every event the step may report needs a transition that is always taken.
    if (c.step) {
      for (const e of emitted) {
        if (e === FAILED_EVENT) continue; // unhandled: the instance ends failed
        const ts = Object.hasOwn(c.on, e) ? c.on[e] : undefined;
        if (!ts) add(`${at}.on.${e}`, `${st}: its step ${c.step.type} may emit "${e}" but no transition handles it (missing transition)`);
        else if (ts.every((t) => t.guard)) add(`${at}.on.${e}`, `${st}: every transition of "${e}" (emitted by its step) has a guard: add one without a guard as the fallback`);
      }
    }
  }

  // The graph: a final state exists, every state is reachable and can finish.
  const finals = names.filter((n) => compiled.states[n]?.final);
  if (finals.length === 0) add('states', 'has no final state (a state with "type": "final")');
  if (typeof initial === 'string' && Object.hasOwn(states, initial)) {
    const targets = (n: string) => Object.values(compiled.states[n]?.on ?? {}).flat().map((t) => t.target).filter((t) => Object.hasOwn(compiled.states, t));
    const seen = new Set<string>([initial]);
    const queue = [initial];
    while (queue.length) for (const t of targets(queue.shift()!)) if (!seen.has(t)) { seen.add(t); queue.push(t); }
    for (const n of names) if (!seen.has(n)) add(`states.${n}`, `state "${n}" cannot be reached from the initial state "${initial}"`);
    // States from which a final state can be reached: walk the edges backwards.
    const canFinish = new Set(finals);
    let grew = true;
    while (grew) {
      grew = false;
      for (const n of names) if (!canFinish.has(n) && targets(n).some((t) => canFinish.has(t))) { canFinish.add(n); grew = true; }
    }
    for (const n of names) {
      const st = compiled.states[n];
      if (!st || st.final) continue;
      if (targets(n).every((t) => t === n)) add(`states.${n}`, `state "${n}" is not final and has no way out (no transition to another state)`);
      else if (finals.length && !canFinish.has(n)) add(`states.${n}`, `state "${n}" cannot reach a final state`);
    }
  }

  if (Object.keys(errors).length) return { errors, compiled: null };
  try {
    buildMachine('check', compiled);
  } catch (err) {
    return { errors: { base: `is not a valid statechart: ${(err as Error).message}` }, compiled: null };
  }
  return { errors, compiled };
}

/** The machine of a compiled definition: one state node per state, guards over the flow's data. */
export function buildMachine(id: string, compiled: CompiledDefinition): AnyStateMachine {
  const states: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(compiled.states)) {
    states[name] = s.final ? { type: 'final' } : {
      on: Object.fromEntries(Object.entries(s.on).map(([event, ts]) => [event, ts.map((t) => (
        t.guard ? { target: t.target, guard: { type: 'data', params: t.guard } } : { target: t.target }
      ))])),
    };
  }
  return setup({
    types: {} as { context: { data: Record<string, unknown> }; events: { type: string } },
    guards: { data: ({ context }, params: WorkflowCondition) => evaluate(context.data, params) },
  }).createMachine({ id, initial: compiled.initial, context: { data: {} }, states: states as any });
}

/** Same content, same version: saving an unchanged definition creates no version. */
export function sameDefinition(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
