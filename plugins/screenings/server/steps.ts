// Every screening kind with a server half is also a workflow step, `screenings.<code>`: its
// input is the kind's input (checked when a flow is saved), it records a screening like the
// API does, and it reports `hits` or `clear` with { checkup_id, hits_count } merged into the
// flow's data. One visit of the state is one screening (keyed '<instance>:<seq>'): a run
// cut short and started again finishes that screening instead of making another, and one
// that already completed is reported without running the kind again. A kind that fails
// marks the screening failed and fails the attempt: the runner retries it with backoff,
// then takes the state's `failed` transition.
import { defineWorkflowStep, type WorkflowStepDef } from '../../../src/host/workflow.ts';
import type { ServerPointHost } from '../../../src/host/server.ts';
import { boundedInput } from '../schemas.ts';
import { knownKinds, recordOutcome, runKind, subjectName } from './kinds.ts';
import { CHECKUPS_TABLE } from './migrations.ts';

export function screeningSteps(host: ServerPointHost): WorkflowStepDef[] {
  return knownKinds(host).flatMap(({ server: k }) => (k ? [defineWorkflowStep<unknown>({
    type: `screenings.${k.code}`,
    title: `Screening: ${k.title}`,
    input: boundedInput(k.input),
    emits: ['clear', 'hits'],
    async run(ctx, input) {
      const ref = `${ctx.instanceId}:${ctx.seq}`;
      const found = await ctx.transaction(async (tx) => {
        const inserted = await tx.query<{ id: string }>(
          `INSERT INTO ${CHECKUPS_TABLE} (client_id, kind, name, input, origin, origin_ref) VALUES ($1, $2, $3, $4, 'workflow', $5)
           ON CONFLICT (client_id, origin_ref) WHERE origin_ref IS NOT NULL DO NOTHING RETURNING id`,
          [ctx.clientId, k.code, subjectName(k, input), JSON.stringify(input ?? {}), ref]);
        if (inserted.rows[0]) return { id: inserted.rows[0].id, done: null };
        const { rows } = await tx.query<{ id: string; execution_status: string; hits_count: number }>(
          `SELECT id, execution_status, hits_count FROM ${CHECKUPS_TABLE} WHERE client_id = $1 AND origin_ref = $2`, [ctx.clientId, ref]);
        const row = rows[0];
        if (row.execution_status === 'completed') return { id: row.id, done: row.hits_count };
        await tx.query(
          `UPDATE ${CHECKUPS_TABLE} SET execution_status = 'in_progress', error = NULL, finished_at = NULL WHERE id = $1`, [row.id]);
        return { id: row.id, done: null };
      });
      const report = (hits: number) => ({ event: hits > 0 ? 'hits' : 'clear', data: { checkup_id: found.id, hits_count: hits } });
      if (found.done !== null) return report(found.done);

      const outcome = await runKind(k, input, {
        clientId: ctx.clientId,
        signal: ctx.signal,
        read: (sql, values) => ctx.transaction(async (tx) => (await tx.query(sql, values)).rows as never[]),
      });
      const hits = await ctx.transaction((tx) => recordOutcome(tx, ctx.clientId, found.id, outcome));
      if (outcome.status === 'failed') throw new Error(outcome.error);
      ctx.audit({
        action: 'create', objectType: 'checkups', objectId: found.id,
        after: { kind: k.code, input, execution_status: outcome.status, hits_count: hits, workflow: ref },
      });
      return report(hits);
    },
  })] : []));
}
