// account/data/retention_plans: how long this client's data is kept. The period in force,
// a change (the period select of spec 5: cannot be cleared, Indefinite by default, a
// non-numeric choice is sent as null; the change must be approved), and every earlier
// setting with who made it and when.
import { Button, Checkbox, Select } from '@primer/react';
import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { boolean, object, refine, string } from 'superstruct';
import { useLocation } from 'wouter';
import {
  bootstrapKey, type Column, DataTable, DetailView, Field, formatDateTime, get, invalidate, notify, type PageProps, post, superstructResolver, useClient, useClientHref, useQuery,
} from '../../../src/host/web.ts';
import type { RetentionEntry } from '../schemas.ts';
import { DATA_RETENTION_PERIODS } from '../schemas.ts';
import { periodFromSelect, retentionBody } from './retention.ts';
import area from '../plugin.ts';
import { endpoints, keys } from './api.ts';
import { periodLabel } from './labels.ts';
import { PageHeader, Section } from './page-header.tsx';

interface Current { id: string; data_retention_approve: boolean; data_storage_period_days: number | null; created_at: string }
interface PeriodValues { period: string; approve: boolean }
type Row = RetentionEntry & { in_force: boolean } & Record<string, unknown>;

const schema = object({
  period: string(),
  approve: refine(boolean(), 'approve', (v) => v || 'Required'),
});

const Form = styled.form`
  display: flex; flex-direction: column; gap: 16px; max-width: 480px;
`;

const columns: Column<Row>[] = [
  { key: 'data_storage_period_days', header: 'Storage period', sortField: 'data_storage_period_days',
    render: (r) => `${periodLabel(r.data_storage_period_days)}${r.in_force ? ' (in force)' : ''}` },
  { key: 'data_retention_approve', header: 'Approved', render: (r) => (r.data_retention_approve ? 'Yes' : 'No') },
  { key: 'created_by', header: 'Changed by', render: (r) => (r.created_by ? `${r.created_by.full_name || r.created_by.email}` : '—') },
  { key: 'created_at', header: 'Changed at', sortField: 'created_at', render: (r) => formatDateTime(r.created_at) },
];

/** '' is Indefinite, as in the onboarding dialog; a period set elsewhere is offered as it is. */
function periodOptions(current: number | null | undefined) {
  const options = DATA_RETENTION_PERIODS.map((p) => ({ value: p.value === null ? '' : String(p.value), label: p.label }));
  if (typeof current === 'number' && !options.some((o) => o.value === String(current))) {
    options.push({ value: String(current), label: periodLabel(current) });
  }
  return options;
}

export default function RetentionPage(_props: PageProps) {
  const { clientId } = useClient();
  const href = useClientHref();
  const [, navigate] = useLocation();
  const current = useQuery(keys.retention(clientId), () => get<Current | null>(endpoints.retention(clientId)).then((r) => r.data));
  const c = current.data;
  const who = useQuery(c ? keys.retentionEntry(clientId, c.id) : null,
    () => get<RetentionEntry>(endpoints.retentionEntry(clientId, c!.id)).then((r) => r.data));
  const id = useId();

  const defaults = useMemo<PeriodValues>(() => ({
    period: c?.data_storage_period_days ? String(c.data_storage_period_days) : '', approve: false,
  }), [c]);
  const form = useForm<PeriodValues>({
    defaultValues: defaults,
    resolver: superstructResolver<PeriodValues>(schema, { labels: { period: 'Data storage period', approve: 'Approval' } }),
  });
  const { register, handleSubmit, formState, reset } = form;
  useEffect(() => { reset(defaults); }, [defaults, reset]);

  const submit = handleSubmit(async (v) => {
    try {
      await post(endpoints.retention(clientId), retentionBody(v.approve, periodFromSelect(v.period)));
      notify.success(area.toasts!.retentionUpdated);
      invalidate(keys.retention(clientId));
      invalidate(bootstrapKey(clientId));
    } catch (e) {
      notify.error(e);
    }
  });

  return (
    <div>
      <PageHeader title="Data Retention">
        How long the system keeps the data of this client. Each change is recorded with who made it and when.
      </PageHeader>
      <Section aria-labelledby="retention-current">
        <h2 id="retention-current">In force</h2>
        <DetailView loading={current.loading && !c} fields={[
          { label: 'Data storage period', value: c ? periodLabel(c.data_storage_period_days) : 'Not set yet' },
          { label: 'Changed by', value: who.data?.created_by ? `${who.data.created_by.full_name} (${who.data.created_by.email})` : null },
          { label: 'Changed at', value: c ? formatDateTime(c.created_at) : null },
        ]} />
      </Section>
      <Section aria-labelledby="retention-change">
        <h2 id="retention-change">Change the period</h2>
        <Form onSubmit={submit} noValidate>
          <Field id={`${id}-period`} label="Data storage period" required badge>
            <Select id={`${id}-period`} block {...register('period')}>
              {periodOptions(c?.data_storage_period_days).map((o) => <Select.Option key={o.value} value={o.value}>{o.label}</Select.Option>)}
            </Select>
          </Field>
          <Field id={`${id}-approve`} label="I approve the data retention period of this client" required inline
            error={formState.errors.approve?.message}>
            <Checkbox id={`${id}-approve`} {...register('approve')} />
          </Field>
          <div>
            <Button type="submit" variant="primary" disabled={formState.isSubmitting || !formState.isDirty}>Save</Button>
          </div>
        </Form>
      </Section>
      <Section aria-labelledby="retention-history">
        <h2 id="retention-history">History</h2>
        <DataTable<Row>
          tableKey="client_settings_retention_history"
          endpoint={endpoints.retentionHistory(clientId)}
          columns={columns}
          onRowClick={(r) => navigate(href(`account/data/retention_plans/${r.id}`))}
          emptySubtitle="The period has not been set yet"
        />
      </Section>
    </div>
  );
}
