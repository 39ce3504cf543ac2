// profile/export_requests: the member's own export requests in this client, newest first,
// with their status; the top bar's icon shows a red dot while one has not been downloaded.
// Requests are created by the areas that export (their lists' Export action).
import { Heading } from '@primer/react';
import { clientPath, DataTable, formatDateTime, useClient, type Column, type FilterDef, type PageProps } from '../../../src/host/web.ts';
import { EXPORT_STATUSES } from '../schemas.ts';

interface ExportRequestRow extends Record<string, unknown> {
  id: string;
  export_template_code: string | null;
  execution_status: (typeof EXPORT_STATUSES)[number];
  downloaded_at: string | null;
  created_at: string;
}

const STATUS_LABELS: Record<ExportRequestRow['execution_status'], string> = {
  pending: 'Waiting', in_progress: 'Being generated', completed: 'Ready', failed: 'Failed',
};

const columns: Column<ExportRequestRow>[] = [
  { key: 'export_template_code', header: 'Export', render: (r) => r.export_template_code ?? '—' },
  { key: 'execution_status', header: 'Status', render: (r) => STATUS_LABELS[r.execution_status] },
  { key: 'created_at', header: 'Requested', sortField: 'created_at', render: (r) => formatDateTime(r.created_at) },
  { key: 'downloaded_at', header: 'Downloaded', render: (r) => (r.downloaded_at ? formatDateTime(r.downloaded_at) : 'Not yet') },
];

const filters: FilterDef[] = [
  { key: 'execution_status', label: 'Status', kind: 'multi-select',
    options: EXPORT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })) },
  { key: 'download_at_exist', label: 'Downloaded', kind: 'boolean' },
  { key: 'created_at', label: 'Requested', kind: 'date-range' },
];

export default function ExportRequestsPage(_props: PageProps) {
  const { clientId } = useClient();
  return (
    <div>
      <Heading as="h1" style={{ fontSize: 24, marginBottom: 16 }}>Export requests</Heading>
      <DataTable<ExportRequestRow>
        tableKey="profile_export_requests"
        endpoint={clientPath(clientId, 'export_requests')}
        columns={columns}
        filters={filters}
        emptySubtitle="Exports you request from a list appear here"
      />
    </div>
  );
}
