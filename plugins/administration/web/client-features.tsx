// The features panel of a client: each feature of src/shared/features.ts switched on or
// off at once. The server answers the client's new feature list; the client's menu and
// API follow from its next request, and this browser's cached shell data is refreshed.
import { Checkbox } from '@primer/react';
import { useState } from 'react';
import styled from 'styled-components';
import { notify, patch, setQueryData } from '../../../src/host/web.ts';
import { ADMIN, refreshClient, type AdminClientDetail, type FeatureState } from './admin-api.ts';
import { Section, sentence } from './parts.tsx';

const List = styled.ul`
  list-style: none; margin: 0; padding: 0;
  display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 6px 16px;
  label { display: flex; align-items: center; gap: 8px; font-size: 14px; cursor: pointer; }
  code { font-size: 11px; color: var(--fgColor-muted, #59636e); }
`;

export function ClientFeatures({ client }: { client: AdminClientDetail }) {
  const [busy, setBusy] = useState<string | null>(null);
  const on = client.features.filter((f) => f.available).length;

  async function toggle(f: FeatureState) {
    setBusy(f.code);
    try {
      const r = await patch<FeatureState[]>(ADMIN.clientPart(client.id, 'features'), { client_features: { [f.code]: !f.available } });
      setQueryData(ADMIN.client(client.id).split('/'), { ...client, features: r.data, features_on: r.data.filter((x) => x.available).length });
      refreshClient(client.id);
      notify.success(`${sentence(f.title)} is ${f.available ? 'off' : 'on'} for ${client.name}`);
    } catch (e) {
      notify.error(e);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Section title="Features" id="client-features"
      note={`${on} of ${client.features.length} on. A change applies at once: the client's menu and API follow it.`}>
      <List>
        {client.features.map((f) => (
          <li key={f.code}>
            <label>
              <Checkbox checked={f.available} disabled={busy !== null} onChange={() => void toggle(f)}
                aria-describedby={`feature-${f.code}`} />
              <span>{sentence(f.title)}</span>
              <code id={`feature-${f.code}`}>{f.code}</code>
            </label>
          </li>
        ))}
      </List>
    </Section>
  );
}
