// The data-retention onboarding dialog's gate (spec 2.4, 4), a shell overlay of this area:
// the shell mounts it only for members holding MANAGE_DATA_RETENTION (spec 7: the config is
// fetched only then); it shows the dialog while the client has no retention config.
import { lazy, Suspense, useState } from 'react';
import { clientKey, clientPath, get, useClient, useQuery } from '../../../src/host/web.ts';

const DataRetentionDialog = lazy(() => import('./retention-dialog.tsx'));

export function hasRetentionConfig(data: unknown): boolean {
  if (data === undefined || data === null) return false;
  if (Array.isArray(data)) return data.length > 0;
  return typeof data === 'object' ? Object.keys(data).length > 0 : Boolean(data);
}

export default function DataRetentionGate() {
  const { clientId } = useClient();
  const existing = useQuery(clientKey(clientId, 'data_retention'),
    () => get<unknown>(clientPath(clientId, 'data_retention')).then((r) => r.data));
  // Closing without a choice hides it until the next page load; it comes back while due.
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || existing.loading || existing.error || hasRetentionConfig(existing.data)) return null;
  return <Suspense fallback={null}><DataRetentionDialog onDismiss={() => setDismissed(true)} /></Suspense>;
}
