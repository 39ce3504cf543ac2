// The registry of step types: the core's generic steps plus every plugin's workflowSteps,
// collected once at start. A type contributed twice stops the server with a message naming
// both contributors; only the core may use the 'core.' prefix.
import type { Struct } from 'superstruct';
import type { ServerPlugin, ServerPointHost } from '../../host/server.ts';
import type { WorkflowStepDef } from '../../host/workflow.ts';

export const STEP_TYPE_RE = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9_]*$/;

export interface RegisteredStep {
  def: WorkflowStepDef;
  /** 'core' or the contributing plugin's name. */
  owner: string;
}

export class StepRegistry {
  private readonly steps = new Map<string, RegisteredStep>();

  add(owner: string, def: WorkflowStepDef): void {
    if (!def || typeof def.type !== 'string' || !STEP_TYPE_RE.test(def.type)) {
      throw new Error(`${owner}: workflow step type ${JSON.stringify(def?.type)} must look like '<area>.<name>' (lowercase)`);
    }
    if (def.type.startsWith('core.') && owner !== 'core') throw new Error(`${owner}: workflow step type "${def.type}": the core. prefix is reserved for the core's steps`);
    if (typeof def.run !== 'function' || !def.input || !Array.isArray(def.emits)) {
      throw new Error(`${owner}: workflow step type "${def.type}" needs input (a superstruct schema), emits and run()`);
    }
    const taken = this.steps.get(def.type);
    if (taken) throw new Error(`workflow step type "${def.type}" is contributed by both "${taken.owner}" and "${owner}"`);
    this.steps.set(def.type, { def, owner });
  }

  get(type: string): WorkflowStepDef | undefined {
    return this.steps.get(type)?.def;
  }

  list(): RegisteredStep[] {
    return [...this.steps.values()].sort((a, b) => (a.def.type < b.def.type ? -1 : 1));
  }
}

export function collectWorkflowSteps(core: WorkflowStepDef[], plugins: readonly ServerPlugin[], hostOf: (p: ServerPlugin) => ServerPointHost): StepRegistry {
  const registry = new StepRegistry();
  for (const s of core) registry.add('core', s);
  for (const p of plugins) {
    const steps = typeof p.workflowSteps === 'function' ? p.workflowSteps(hostOf(p)) : p.workflowSteps ?? [];
    for (const s of steps) registry.add(p.area.name, s);
  }
  return registry;
}

/** A plain description of a superstruct schema, for flow builders: type, optional, fields, items, values. */
export function describeStruct(s: Struct<any, any>, depth = 0): Record<string, unknown> {
  const d: Record<string, unknown> = { type: s.type };
  if (s.validate(undefined)[0] === undefined && s.type !== 'unknown' && s.type !== 'any') d.optional = true;
  if (depth > 6) return d;
  const schema = s.schema as any;
  if ((s.type === 'object' || s.type === 'type') && schema && typeof schema === 'object') {
    d.fields = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, describeStruct(v as Struct<any, any>, depth + 1)]));
  } else if (s.type === 'array' && schema) {
    d.items = describeStruct(schema as Struct<any, any>, depth + 1);
  } else if (s.type === 'enums' && schema) {
    d.values = Object.values(schema);
  } else if (s.type === 'literal') {
    d.value = schema;
  }
  return d;
}

export function stepEvents(def: WorkflowStepDef, input: unknown): string[] {
  const dynamic = def.emitsFrom ? def.emitsFrom(input) : [];
  return [...new Set([...def.emits, ...dynamic])];
}
