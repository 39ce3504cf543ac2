// Decides whether the data-retention onboarding dialog shows (spec 2.4, 4): while the
// client has no retention config and the member holds MANAGE_DATA_RETENTION; the
// retention config is fetched only then (spec 7). The dialog itself is a lazy chunk.
import { lazy, Suspense, useState } from 'react';
import { clientPath, get, useQuery } from '../../shared/api-client.ts';
import { clientKey, useClient } from '../state/client.tsx';
import { retentionDialogDue } from './retention.ts';

const DataRetentionDialog = lazy(() => import('./data-retention-dialog.tsx'));

export function hasRetentionConfig(data: unknown): boolean {
  if (data === undefined || data === null) return false;
  if (Array.isArray(data)) return data.length > 0;
  return typeof data === 'object' ? Object.keys(data).length > 0 : Boolean(data);
}

export function DataRetentionGate() {
  const { clientId, boot, grants } = useClient();
  const due = retentionDialogDue(boot.data_retention_config_id, grants.permissions);
  const existing = useQuery(clientKey(clientId, 'data_retention'),
    () => get<unknown>(clientPath(clientId, 'data_retention')).then((r) => r.data), { enabled: due });
  // Closing without a choice hides it until the next page load; it comes back while due.
  const [dismissed, setDismissed] = useState(false);
  if (!due || dismissed || existing.loading || hasRetentionConfig(existing.data)) return null;
  return <Suspense fallback={null}><DataRetentionDialog onDismiss={() => setDismissed(true)} /></Suspense>;
}
