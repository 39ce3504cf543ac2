// The balance of a client: top up by an amount or set a new value (never below zero),
// with a note for the ledger; every change is listed below with who made it.
import { object } from 'superstruct';
import {
  type Column, DataTable, DetailView, type FieldDef, formatDateTime, post, ResourceForm,
} from '../../../src/host/web.ts';
import {
  BALANCE_ENTRY_KINDS, BALANCE_ENTRY_TITLES, balanceEntryFields, type BalanceEntryKind,
} from '../schemas.ts';
import { ADMIN, refreshClient, type BalanceEntryRow, type AdminClientDetail } from './admin-api.ts';
import { Columns, money, Section } from './parts.tsx';

interface BalanceValues { kind: BalanceEntryKind; amount: number; note: string }

const schema = object(balanceEntryFields.schema);

const fields: FieldDef<BalanceValues>[] = [
  { name: 'kind', label: 'Change', kind: 'select', required: true,
    options: BALANCE_ENTRY_KINDS.map((k) => ({ value: k, label: BALANCE_ENTRY_TITLES[k] })) },
  { name: 'amount', label: 'Amount', kind: 'number', required: true,
    hint: 'Top up: the amount added. Set balance: the new balance. Up to 2 decimals; never below 0' },
  { name: 'note', label: 'Note', kind: 'textarea', placeholder: 'Payment reference, reason…' },
];

const columns: Column<BalanceEntryRow>[] = [
  { key: 'created_at', header: 'When', sortField: 'created_at', render: (e) => formatDateTime(e.created_at) },
  { key: 'kind', header: 'Change', render: (e) => BALANCE_ENTRY_TITLES[e.kind] ?? e.kind },
  { key: 'amount', header: 'Amount', sortField: 'amount', render: (e) => `${Number(e.amount) >= 0 ? '+' : '−'}${money(Math.abs(Number(e.amount)))}` },
  { key: 'balance_after', header: 'Balance after', render: (e) => money(e.balance_after) },
  { key: 'balance_before', header: 'Balance before', render: (e) => money(e.balance_before), hiddenByDefault: true },
  { key: 'note', header: 'Note', render: (e) => e.note ?? '—' },
  { key: 'created_by_email', header: 'By', render: (e) => e.created_by_name || e.created_by_email || '—' },
];

export function ClientBalance({ client }: { client: AdminClientDetail }) {
  const endpoint = ADMIN.clientPart(client.id, 'balance_entries');
  return (
    <Section title="Balance" id="client-balance" note="Every change is kept in the ledger below and in the audit log.">
      <Columns>
        <DetailView fields={[{ label: 'Current balance', value: <strong>{money(client.balance)}</strong> }]} />
        <ResourceForm<BalanceValues>
          schema={schema}
          fields={fields}
          defaultValues={{ kind: 'top_up', note: '' }}
          submitLabel="Update balance"
          successMessage="The balance has been updated"
          onSubmit={async (v) => {
            await post(endpoint, { balance_entry: { kind: v.kind, amount: v.amount, note: v.note?.trim() || null } });
            refreshClient(client.id);
          }}
        />
      </Columns>
      <div style={{ height: 16 }} />
      <DataTable<BalanceEntryRow>
        tableKey={`admin-client-ledger`}
        endpoint={endpoint}
        columns={columns}
        filters={[
          { key: 'kind', label: 'Change', kind: 'multi-select', options: BALANCE_ENTRY_KINDS.map((k) => ({ value: k, label: BALANCE_ENTRY_TITLES[k] })) },
          { key: 'created_at', label: 'When', kind: 'date-range' },
        ]}
        emptySubtitle="No balance changes yet"
      />
    </Section>
  );
}
