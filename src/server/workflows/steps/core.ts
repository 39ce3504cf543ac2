// The core's generic steps: wait for an event, timer, decision on data, set a status, send
// mail from a template. The webhook step is in webhook.ts.
import { array, define, enums, object, optional, refine, size, string, unknown, type Struct } from 'superstruct';
import { defineWorkflowStep, PermanentStepError, type WorkflowStepDef } from '../../../host/workflow.ts';
import { isEmail, text } from '../../../shared/schemas/common.ts';
import { WORKFLOW_OPERATORS, type WorkflowCondition } from '../../../shared/schemas/workflows.ts';
import { eventNameProblem } from '../definition.ts';
import { badPlaceholders, conditionErrors, DURATION_HINT, evaluate, hasPlaceholder, parseDuration, render } from '../values.ts';
import { webhookStep } from './webhook.ts';

export const eventName = (): Struct<string, null> =>
  refine(string(), 'event', (v) => {
    const bad = eventNameProblem(v);
    return bad ? `"${v}" ${bad}` : true;
  });

export const duration = (): Struct<number | string, null> =>
  define<number | string>('duration', (v) => parseDuration(v) !== null || DURATION_HINT);

/** A text with {{data.path}} / {{instance.*}} placeholders. */
export const template = (max: number, min = 1): Struct<string, null> =>
  refine(text({ min, max }), 'template', (v) => {
    const bad = badPlaceholders(v);
    return bad.length ? `has placeholders that are not {{data.path}} or {{instance.id|state|definition_key|version}}: ${bad.join(', ')}` : true;
  });

export const waitEventStep = defineWorkflowStep<{ events: string[] }>({
  type: 'core.wait_event',
  title: 'Wait for an event',
  input: object({
    events: refine(size(array(eventName()), 1, 20), 'distinct', (v) => new Set(v).size === v.length || 'must not repeat an event'),
  }),
  emits: [],
  emitsFrom: (input) => input.events,
  external: true,
  async run() {
    return { wait: true };
  },
});

export const timerStep = defineWorkflowStep<{ after: number | string }>({
  type: 'core.timer',
  title: 'Wait for a while',
  input: object({ after: duration() }),
  emits: ['done'],
  async run(_ctx, input) {
    return { wait: true, wake: { afterMs: parseDuration(input.after)!, event: 'done' } };
  },
});

type DecisionRule = { path: string; op: WorkflowCondition['op']; value: unknown; event: string };

const rule = refine(
  object({ path: string(), op: enums(WORKFLOW_OPERATORS), value: optional(unknown()), event: eventName() }),
  'rule',
  (r) => {
    const [field, msg] = Object.entries(conditionErrors({ path: r.path, op: r.op, ...(r.value === undefined ? {} : { value: r.value }) }))[0] ?? [];
    return field === undefined ? true : `${field} ${msg}`;
  },
);

export const decisionStep = defineWorkflowStep<{ rules: DecisionRule[]; default: string }>({
  type: 'core.decision',
  title: 'Decide on the data',
  input: object({ rules: size(array(rule), 0, 50), default: eventName() }),
  emits: [],
  emitsFrom: (input) => [...input.rules.map((r) => r.event), input.default],
  async run(ctx, input) {
    const hit = input.rules.find((r) => evaluate(ctx.data, r));
    return { event: hit ? hit.event : input.default };
  },
});

export const setStatusStep = defineWorkflowStep<{ status: string }>({
  type: 'core.set_status',
  title: 'Set a status',
  input: object({ status: text({ max: 64 }) }),
  emits: ['done'],
  async run(_ctx, input) {
    return { event: 'done', data: { status: input.status } };
  },
});

const mailTo = refine(text({ max: 254 }), 'to', (v) => {
  if (hasPlaceholder(v)) {
    const bad = badPlaceholders(v);
    return bad.length ? `has placeholders that are not {{data.path}}: ${bad.join(', ')}` : true;
  }
  return isEmail(v) || 'must be a valid email or a {{data.path}} placeholder';
});

export const sendMailStep = defineWorkflowStep<{ to: string; subject: string; text: string; html?: string }>({
  type: 'core.send_mail',
  title: 'Send mail from a template',
  input: object({ to: mailTo, subject: template(300), text: template(20_000), html: optional(template(50_000)) }),
  emits: ['done'],
  async run(ctx, input) {
    const scope = { data: ctx.data, instance: { id: ctx.instanceId, state: ctx.state, definition_key: ctx.definitionKey, version: ctx.version } };
    const to = render(input.to, scope).trim();
    if (!isEmail(to)) throw new PermanentStepError(`the mail's address "${to}" (from ${input.to}) is not a valid email`);
    // One line: a value from the data cannot add headers.
    const subject = render(input.subject, scope).replace(/[\r\n]+/g, ' ').slice(0, 300);
    ctx.mail({ to, subject, text: render(input.text, scope), html: input.html === undefined ? undefined : render(input.html, scope, { html: true }) });
    return { event: 'done' };
  },
});

export const coreWorkflowSteps: WorkflowStepDef[] = [waitEventStep, timerStep, decisionStep, setStatusStep, sendMailStep, webhookStep];
