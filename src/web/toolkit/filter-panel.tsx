// The filter panel of a list (spec 4): one row per filter (text, select, multi-select,
// date range, number range, yes/no); only one row is open at a time; Apply sends the
// values with empty ones dropped; Clear removes every filter.
import { Button, Checkbox, Select, TextInput } from '@primer/react';
import { ChevronDownIcon, ChevronRightIcon } from '@primer/octicons-react';
import { Field } from './field.tsx';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { dropEmpty, type FilterDef, type Filters, type FilterValue, type RangeValue } from './list-query.ts';

const Panel = styled.div`
  border: 1px solid var(--borderColor-default, #d1d9e0);
  border-radius: 8px;
  margin-bottom: 12px;
`;
const RowHead = styled.button`
  width: 100%; display: flex; align-items: center; gap: 6px; padding: 8px 12px;
  border: 0; background: transparent; cursor: pointer; font-size: 13px; text-align: left;
  color: var(--fgColor-default, #1f2328);
  .value { margin-left: auto; color: var(--fgColor-muted, #59636e); max-width: 50%;
           overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;
const RowBody = styled.div`
  padding: 4px 12px 12px 32px;
  display: flex; gap: 8px; flex-wrap: wrap; align-items: flex-end;
`;
const Actions = styled.div`
  display: flex; gap: 8px; justify-content: flex-end; padding: 8px 12px;
  border-top: 1px solid var(--borderColor-muted, #e5e9ed);
`;

export function summarize(def: FilterDef, v: FilterValue): string {
  if (v === undefined || v === null || v === '') return '';
  const label = (x: string) => def.options?.find((o) => o.value === x)?.label ?? x;
  if (Array.isArray(v)) return v.map(label).join(', ');
  if (typeof v === 'object') {
    const r = v as RangeValue;
    return [r.from ?? '…', r.to ?? '…'].join(' – ');
  }
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return label(String(v));
}

function Editor({ def, value, onChange }: { def: FilterDef; value: FilterValue; onChange: (v: FilterValue) => void }) {
  switch (def.kind) {
    case 'text':
      return <TextInput aria-label={def.label} value={(value as string) ?? ''} placeholder={def.placeholder} onChange={(e) => onChange(e.target.value)} />;
    case 'select':
      return (
        <Select aria-label={def.label} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value || null)}>
          <Select.Option value="">Any</Select.Option>
          {def.options?.map((o) => <Select.Option key={o.value} value={o.value}>{o.label}</Select.Option>)}
        </Select>
      );
    case 'boolean':
      return (
        <Select aria-label={def.label} value={value === true ? 'true' : value === false ? 'false' : ''}
          onChange={(e) => onChange(e.target.value === '' ? null : e.target.value === 'true')}>
          <Select.Option value="">Any</Select.Option>
          <Select.Option value="true">Yes</Select.Option>
          <Select.Option value="false">No</Select.Option>
        </Select>
      );
    case 'multi-select': {
      const list = (Array.isArray(value) ? value : []) as string[];
      return (
        <div role="group" aria-label={def.label}>
          {def.options?.map((o) => (
            <Field key={o.value} id={`filter-${def.key}-${o.value}`} label={o.label} inline>
              <Checkbox id={`filter-${def.key}-${o.value}`} checked={list.includes(o.value)}
                onChange={(e) => onChange(e.target.checked ? [...list, o.value] : list.filter((x) => x !== o.value))} />
            </Field>
          ))}
        </div>
      );
    }
    case 'date-range':
    case 'number-range': {
      const r = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as RangeValue;
      const type = def.kind === 'date-range' ? 'date' : 'number';
      return (
        <>
          <Field id={`filter-${def.key}-from`} label="From">
            <TextInput id={`filter-${def.key}-from`} type={type} value={String(r.from ?? '')} onChange={(e) => onChange({ ...r, from: e.target.value || null })} />
          </Field>
          <Field id={`filter-${def.key}-to`} label="To">
            <TextInput id={`filter-${def.key}-to`} type={type} value={String(r.to ?? '')} onChange={(e) => onChange({ ...r, to: e.target.value || null })} />
          </Field>
        </>
      );
    }
  }
}

export function FilterPanel({ defs, value, onApply, onClear }: {
  defs: readonly FilterDef[];
  value: Filters;
  onApply: (filters: Filters) => void;
  onClear: () => void;
}) {
  const [draft, setDraft] = useState<Filters>(value);
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => setDraft(value), [value]);
  if (defs.length === 0) return null;
  return (
    <Panel data-testid="filter-panel">
      {defs.map((def) => {
        const isOpen = open === def.key;
        return (
          <div key={def.key}>
            <RowHead type="button" aria-expanded={isOpen} onClick={() => setOpen(isOpen ? null : def.key)}>
              {isOpen ? <ChevronDownIcon size={14} /> : <ChevronRightIcon size={14} />}
              {def.label}
              <span className="value">{summarize(def, draft[def.key])}</span>
            </RowHead>
            {isOpen ? (
              <RowBody>
                <Editor def={def} value={draft[def.key]} onChange={(v) => setDraft((d) => ({ ...d, [def.key]: v }))} />
              </RowBody>
            ) : null}
          </div>
        );
      })}
      <Actions>
        <Button size="small" variant="invisible" onClick={() => { setDraft({}); setOpen(null); onClear(); }}>Clear</Button>
        <Button size="small" variant="primary" onClick={() => { setOpen(null); onApply(dropEmpty(draft)); }}>Apply</Button>
      </Actions>
    </Panel>
  );
}
