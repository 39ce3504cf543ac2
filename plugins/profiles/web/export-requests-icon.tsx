// The top bar's export-requests icon (spec 2.4), a shell slot of this area: links to the
// user's export requests, with a red dot while some are not downloaded yet
// (download_at_exist=false, per=1).
import { DownloadIcon } from '@primer/octicons-react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { clientKey, clientPath, get, useClient, useClientHref, useQuery } from '../../../src/host/web.ts';

const Wrap = styled(Link)`
  position: relative; display: inline-flex; padding: 6px; color: var(--fgColor-muted, #59636e);
  span {
    position: absolute; top: 4px; right: 4px; width: 8px; height: 8px; border-radius: 50%;
    background: var(--bgColor-danger-emphasis, #cf222e);
  }
`;

export const exportRequestsKey = (clientId: string) => clientKey(clientId, 'export_requests', 'unread');

export default function ExportRequestsIcon() {
  const { clientId } = useClient();
  const href = useClientHref();
  const { data } = useQuery(exportRequestsKey(clientId), async () => {
    const r = await get<unknown[]>(clientPath(clientId, 'export_requests'), { download_at_exist: false, per: 1 });
    return { count: r.meta?.count ?? (Array.isArray(r.data) ? r.data.length : 0) };
  });
  const unread = (data?.count ?? 0) > 0;
  return (
    <Wrap href={href('profile/export_requests')} aria-label={unread ? 'Export requests (new)' : 'Export requests'} title="Export requests">
      <DownloadIcon size={18} />
      {unread ? <span data-testid="export-requests-dot" /> : null}
    </Wrap>
  );
}
