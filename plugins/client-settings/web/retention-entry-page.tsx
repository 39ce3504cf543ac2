// account/data/retention_plans/:id: one recorded retention setting, who made it and when.
import {
  AlertFallback, DetailView, formatDateTime, get, type PageProps, useClient, useQuery,
} from '../../../src/host/web.ts';
import type { RetentionEntry } from '../schemas.ts';
import { endpoints, keys } from './api.ts';
import { periodLabel } from './labels.ts';
import { PageHeader } from './page-header.tsx';

export default function RetentionEntryPage({ params }: PageProps) {
  const { clientId } = useClient();
  const entry = useQuery(keys.retentionEntry(clientId, params.id),
    () => get<RetentionEntry & { in_force: boolean }>(endpoints.retentionEntry(clientId, params.id)).then((r) => r.data));
  const e = entry.data;
  if (entry.error && !e) return <AlertFallback error={entry.error} />;
  return (
    <div>
      <PageHeader title="Retention plan" />
      <DetailView loading={!e} fields={[
        { label: 'Data storage period', value: e ? periodLabel(e.data_storage_period_days) : null },
        { label: 'In force', value: e ? (e.in_force ? 'Yes' : 'No, replaced by a later change') : null },
        { label: 'Approved', value: e ? (e.data_retention_approve ? 'Yes' : 'No') : null },
        { label: 'Changed by', value: e?.created_by ? `${e.created_by.full_name} (${e.created_by.email})` : null },
        { label: 'Changed at', value: e ? formatDateTime(e.created_at) : null },
      ]} />
    </div>
  );
}
