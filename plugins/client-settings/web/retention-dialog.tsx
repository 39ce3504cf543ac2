// The data-retention onboarding dialog (spec 2.4, 4, 5). The period is picked from a list
// that cannot be cleared (default Indefinite), the choice is approved, then POSTed; the
// retention config is refetched so the dialog goes away, with the spec's success toast.
import { Checkbox, Dialog, Select } from '@primer/react';
import { useState } from 'react';
import { clientKey, clientPath, Field, invalidate, notify, post, useClient } from '../../../src/host/web.ts';
import area from '../plugin.ts';
import { RETENTION_PERIODS, periodFromSelect, retentionBody } from './retention.ts';

// Loaded lazily by DataRetentionGate only when due: Primer's Dialog stays out of the
// first page.
export default function DataRetentionDialog({ onDismiss }: { onDismiss: () => void }) {
  const { clientId } = useClient();
  const [period, setPeriod] = useState('');
  const [approve, setApprove] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    try {
      await post(clientPath(clientId, 'data_retention'), retentionBody(approve, periodFromSelect(period)));
      notify.success(area.toasts!.retentionUpdated);
      invalidate(clientKey(clientId, 'data_retention'));
    } catch (e) {
      notify.error(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog title="Data retention" onClose={onDismiss} width="medium"
      footerButtons={[{ content: 'Confirm', buttonType: 'primary', disabled: !approve || saving, onClick: () => { void submit(); } }]}>
      <p>Choose how long the system keeps the data of this client. You can change it later in Client Settings.</p>
      <Field id="retention-period" label="Data storage period">
        <Select id="retention-period" value={period} onChange={(e) => setPeriod(e.target.value)} block>
          {RETENTION_PERIODS.map((p) => (
            <Select.Option key={String(p.value)} value={p.value === null ? '' : String(p.value)}>{p.label}</Select.Option>
          ))}
        </Select>
      </Field>
      <div style={{ height: 12 }} />
      <Field id="retention-approve" label="I approve the data retention period of this client" inline>
        <Checkbox id="retention-approve" checked={approve} onChange={(e) => setApprove(e.target.checked)} />
      </Field>
    </Dialog>
  );
}
