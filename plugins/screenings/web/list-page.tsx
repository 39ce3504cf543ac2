// checkup/instant_checkups/<code>: a kind's screenings, with its "New screening" form (built
// from the kind's fields) above them; checkup/instant_checkups/all (Screening Management):
// every screening the member may see, of every kind. A row opens the screening.
import { useMemo, type ComponentType } from 'react';
import { array, boolean, optional, string, type, type Struct } from 'superstruct';
import { Link, useLocation } from 'wouter';
import {
  ApiError, type Column, DataTable, email, type FieldDef, type FilterDef, formatDateTime, invalidate, notify, numberLike,
  type PageProps, post, registry, required, ResourceForm, setQueryData, useClient, useClientHref,
} from '../../../src/host/web.ts';
import type { CheckupRecord, KindField, ScreeningKindWeb } from '../kinds.ts';
import { EXECUTION_STATUSES, STATUS_LABELS } from '../schemas.ts';
import { endpoints, keys, paths } from './api.ts';
import { allKinds, kindOf, kindTitle } from './kind-info.ts';
import { HitsLabel, PageHeader, Section, StatusLabel } from './parts.tsx';

type Row = Pick<CheckupRecord, 'id' | 'kind' | 'name' | 'execution_status' | 'hits_count' | 'created_by' | 'created_at' | 'origin'> & Record<string, unknown>;
type Values = Record<string, unknown>;

/** The form's own checks, from the fields (the server checks the kind's input again). */
export function formSchema(fields: readonly KindField[]): Struct<Values, any> {
  const shape: Record<string, Struct<any, any>> = {};
  for (const f of fields) {
    const base: Struct<any, any> = f.kind === 'multi-select' ? array(string())
      : f.kind === 'checkbox' ? boolean()
        : f.kind === 'number' ? numberLike()
          : f.kind === 'email' ? email() : string();
    shape[f.name] = f.required ? required(base) : optional(base);
  }
  return type(shape) as unknown as Struct<Values, any>;
}

/** What is sent: empty optional values are left out, as if the field were not there. */
export function inputOf(fields: readonly KindField[], values: Values): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = values[f.name];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)) {
      if (f.required) out[f.name] = v;
      continue;
    }
    out[f.name] = v;
  }
  return out;
}

const defaults = (fields: readonly KindField[]): Values =>
  Object.fromEntries(fields.map((f) => [f.name, f.kind === 'multi-select' ? [] : f.kind === 'checkbox' ? false : f.kind === 'number' ? undefined : '']));

/** Server messages end a sentence ("holds "XX", which is not …"): they follow the field's label. */
function labelled(e: unknown, fields: readonly KindField[]): unknown {
  if (!(e instanceof ApiError) || e.status !== 400) return e;
  const label = (k: string) => fields.find((f) => f.name === k)?.label;
  const errors = Object.fromEntries(Object.entries(e.errors).map(([k, m]) => [k, label(k) && /^[a-z]/.test(m) ? `${label(k)} ${m}` : m]));
  return new ApiError(e.status, { error_code: e.error_code, message: e.message, errors });
}

function NewScreening({ kind }: { kind: ScreeningKindWeb }) {
  const { clientId } = useClient();
  const href = useClientHref();
  const [, navigate] = useLocation();
  const fields = kind.fields ?? [];
  const schema = useMemo(() => formSchema(fields), [fields]);
  const formFields = fields as unknown as FieldDef<Values>[];
  return (
    <ResourceForm<Values>
      schema={schema}
      fields={formFields}
      defaultValues={defaults(fields)}
      submitLabel="Run screening"
      successMessage={false}
      onSubmit={async (values) => {
        let c: CheckupRecord;
        try {
          c = (await post<CheckupRecord>(endpoints.run(clientId, kind.code), { checkup: inputOf(fields, values) })).data;
        } catch (e) {
          throw labelled(e, fields);
        }
        setQueryData(keys.checkup(clientId, c.id), c);
        invalidate([...keys.all(clientId), 'list']);
        if (c.execution_status === 'failed') notify.warning(`The screening failed: ${c.error ?? 'no reason given'}`);
        else if (c.hits_count > 0) notify.warning(`${c.hits_count} possible ${c.hits_count === 1 ? 'match' : 'matches'} found`);
        else notify.success('No matches found');
        navigate(href(paths.detail(kind.code, c.id)));
      }}
    />
  );
}

function ScreeningsPage({ code }: { code: string | null }) {
  const { clientId, grants } = useClient();
  const href = useClientHref();
  const [, navigate] = useLocation();
  const kind = kindOf(code);
  // On "all": the kinds this member may see, and those among them with a form.
  const visible = useMemo(() => allKinds().filter((k) => registry.canSee({ access: k.access, feature: k.feature }, grants)), [grants]);
  const runnable = visible.filter((k) => k.fields?.length);

  const columns = useMemo<Column<Row>[]>(() => [
    { key: 'name', header: 'Name', sortField: 'name', render: (r) => (
      <Link href={href(paths.detail(code, r.id))} onClick={(e) => e.stopPropagation()}>{r.name || 'Unnamed'}</Link>
    ) },
    ...(code ? [] : [{ key: 'kind', header: 'Kind', sortField: 'kind', render: (r: Row) => kindTitle(r.kind) }]),
    { key: 'execution_status', header: 'Status', sortField: 'execution_status', render: (r) => <StatusLabel status={r.execution_status} /> },
    { key: 'hits_count', header: 'Hits', sortField: 'hits_count', render: (r) => <HitsLabel count={r.hits_count} status={r.execution_status} /> },
    { key: 'created_by', header: 'Run by', render: (r) => (r.origin === 'workflow' ? 'A flow' : r.created_by?.full_name || r.created_by?.email || '—') },
    { key: 'created_at', header: 'Date', sortField: 'created_at', render: (r) => formatDateTime(r.created_at) },
  ], [code, href]);

  const filters = useMemo<FilterDef[]>(() => [
    ...(code ? [] : [{ key: 'kind', label: 'Kind', kind: 'multi-select' as const, options: visible.map((k) => ({ value: k.code, label: k.title })) }]),
    { key: 'execution_status', label: 'Status', kind: 'multi-select', options: EXECUTION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })) },
    { key: 'created_at', label: 'Date', kind: 'date-range' },
  ], [code, visible]);

  const staticFilters = useMemo(() => (code ? { kind: code } : undefined), [code]);
  const title = kind?.title ?? (code ? code : 'Screening Management');

  return (
    <div>
      <PageHeader title={title}>
        {kind?.description ?? (code ? null : 'Every screening you may see, of every kind, newest first.')}
      </PageHeader>
      {kind?.fields?.length ? (
        <Section aria-labelledby="screening-new">
          <h2 id="screening-new">New screening</h2>
          <NewScreening kind={kind} />
        </Section>
      ) : null}
      {!code && runnable.length ? (
        <Section aria-labelledby="screening-run">
          <h2 id="screening-run">Run a screening</h2>
          <p style={{ margin: 0, fontSize: 14 }}>
            {runnable.map((k, i) => (
              <span key={k.code}>{i ? ' · ' : ''}<Link href={href(paths.list(k.code))}>{k.title}</Link></span>
            ))}
          </p>
        </Section>
      ) : null}
      <Section aria-labelledby="screening-list">
        <h2 id="screening-list">Screenings</h2>
        <DataTable<Row>
          tableKey={`screenings_${code ?? 'all'}`}
          endpoint={endpoints.list(clientId)}
          columns={columns}
          filters={filters}
          staticFilters={staticFilters}
          registryType={code ? undefined : 'checkups'}
          search
          onRowClick={(r) => navigate(href(paths.detail(code, r.id)))}
          emptySubtitle={kind?.fields?.length ? 'Run the first screening above' : 'No screening yet'}
        />
      </Section>
    </div>
  );
}

const bound = new Map<string | null, ComponentType<PageProps>>();

/** The page of one kind (or of every kind: null), made once per kind. */
export function listPageFor(code: string | null): ComponentType<PageProps> {
  let page = bound.get(code);
  if (!page) {
    page = function KindScreeningsPage() { return <ScreeningsPage code={code} />; };
    bound.set(code, page);
  }
  return page;
}
