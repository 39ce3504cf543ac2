// DataTable: a server-paged list (spec 3, 4, 7, 9). Columns with sorting, page and page
// size (meta.page/meta.count), 10 skeleton rows while loading, NO RESULTS when empty,
// column choices saved in localStorage under saved_columns:<tableKey>, the list state
// (filters, page, sort, template) kept in browser history state, back to page 1 when
// filters or page size change or on clean, and a scroll to the top after a page change.
import { ColumnsIcon, TriangleDownIcon, TriangleUpIcon } from '@primer/octicons-react';
import { Button, Checkbox, Select, TextInput } from '@primer/react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { QueryValue } from '../api-client.ts';
import { storage } from '../prefs/storage.ts';
import { NoResults } from '../screens/no-results.tsx';
import { Skeleton } from '../screens/skeleton.tsx';
import { AlertFallback } from '../screens/alert-fallback.tsx';
import { useOptionalClient } from '../state/client.tsx';
import { Anchor, Popover } from '../ui/controls.tsx';
import { useDismiss } from '../ui/use-dismiss.ts';
import { FilterPanel } from './filter-panel.tsx';
import { FilterTemplates } from './filter-templates.tsx';
import {
  DEFAULT_PER_OPTIONS, buildListParams, initialListState, listReducer, nextSort, pageCount, parseSavedColumns,
  readHistoryState, savedColumnsKey, withHistoryState, type FilterDef, type ListState,
} from './list-query.ts';
import { useList } from './use-list.ts';

export interface Column<T> {
  key: string;
  header: string;
  /** Cell content; defaults to row[key]. */
  render?: (row: T) => ReactNode;
  /** Server sort field; a column without one is not sortable. */
  sortField?: string;
  /** Hidden until the user picks it in the column chooser. */
  hiddenByDefault?: boolean;
  width?: string;
}

export interface DataTableProps<T> {
  /** Unique per table: names the saved columns and the history state. */
  tableKey: string;
  /** Endpoint relative to /api/v1 ('clients/c1/users'). */
  endpoint: string;
  columns: Column<T>[];
  filters?: FilterDef[];
  /** Enables saved filter templates for this registry type. */
  registryType?: string;
  /** Fixed parameters every request carries (mass_screening_id …). */
  staticFilters?: Record<string, QueryValue>;
  perOptions?: readonly number[];
  /** Shows a search box bound to `q`. */
  search?: boolean;
  rowKey?: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  emptySubtitle?: string;
  toolbar?: ReactNode;
}

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 13px;
  th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid var(--borderColor-muted, #e5e9ed); }
  th { font-weight: 600; color: var(--fgColor-muted, #59636e); white-space: nowrap; }
  th button { border: 0; background: transparent; padding: 0; font: inherit; color: inherit; cursor: pointer;
              display: inline-flex; align-items: center; gap: 2px; }
  tbody tr[data-clickable='true'] { cursor: pointer; }
  tbody tr[data-clickable='true']:hover { background: var(--bgColor-neutral-muted, #eaeef2); }
`;
const Toolbar = styled.div`
  display: flex; gap: 8px; align-items: center; margin-bottom: 8px; flex-wrap: wrap;
  .spacer { flex: 1; }
`;
const Pager = styled.div`
  display: flex; gap: 8px; align-items: center; justify-content: flex-end; margin-top: 12px; font-size: 13px;
`;

const Choices = styled.div`
  padding: 8px 12px; display: flex; flex-direction: column; gap: 6px; font-size: 13px;
  label { display: flex; align-items: center; gap: 8px; cursor: pointer; white-space: nowrap; }
`;

function ColumnChooser<T>({ columns, visible, onToggle }: { columns: Column<T>[]; visible: string[]; onToggle: (key: string) => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  return (
    <Anchor ref={ref}>
      <Button size="small" leadingVisual={ColumnsIcon} aria-expanded={open} onClick={() => setOpen(!open)}>Columns</Button>
      {open ? (
        <Popover $width={220} role="group" aria-label="Columns">
          <Choices>
            {columns.map((c) => (
              <label key={c.key}>
                <Checkbox checked={visible.includes(c.key)} onChange={() => onToggle(c.key)} />
                {c.header}
              </label>
            ))}
          </Choices>
        </Popover>
      ) : null}
    </Anchor>
  );
}

function scrollToTop() {
  document.getElementById('main-content')?.scrollTo?.({ top: 0 });
  window.scrollTo?.({ top: 0 });
}

export function DataTable<T extends Record<string, unknown>>(props: DataTableProps<T>) {
  const { tableKey, endpoint, columns, filters: defs = [], registryType, perOptions = DEFAULT_PER_OPTIONS } = props;
  const client = useOptionalClient();
  const [state, dispatch] = useReducer(listReducer, undefined, () => {
    const saved = readHistoryState(tableKey, typeof window === 'undefined' ? null : window.history.state);
    return initialListState(perOptions, { ...saved, staticFilters: props.staticFilters ?? {} });
  });

  // History state follows the list, so Back restores filters and page.
  useEffect(() => {
    window.history.replaceState(withHistoryState(tableKey, window.history.state, state), '');
  }, [tableKey, state]);

  const firstPage = useRef(state.page);
  useEffect(() => {
    if (firstPage.current !== state.page) scrollToTop();
    firstPage.current = state.page;
  }, [state.page]);

  const params = useMemo(() => buildListParams({ ...state, staticFilters: props.staticFilters ?? state.staticFilters }, defs),
    [state, props.staticFilters, defs]);
  const list = useList<T>(endpoint, params);

  const known = columns.map((c) => c.key);
  const [visible, setVisible] = useState<string[]>(() =>
    parseSavedColumns(storage()?.getItem(savedColumnsKey(tableKey)) ?? null, known)
      ?? columns.filter((c) => !c.hiddenByDefault).map((c) => c.key));
  const toggleColumn = (key: string) => {
    const next = visible.includes(key) ? visible.filter((k) => k !== key) : known.filter((k) => k === key || visible.includes(k));
    if (next.length === 0) return;
    setVisible(next);
    try { storage()?.setItem(savedColumnsKey(tableKey), JSON.stringify(next)); } catch { /* quota */ }
  };
  const shown = columns.filter((c) => visible.includes(c.key));

  const count = list.meta?.count ?? list.rows.length;
  const pages = pageCount(count, state.per);
  const [qDraft, setQDraft] = useState(typeof state.q === 'string' ? state.q : '');

  return (
    <div data-testid={`data-table-${tableKey}`}>
      {registryType && client ? (
        <FilterTemplates clientId={client.clientId} registryType={registryType} filters={state.filters}
          selectedId={state.filterTemplate}
          onSelect={(t) => dispatch({ type: 'filters', filters: (t.filters ?? {}) as ListState['filters'], template: t.id })} />
      ) : null}
      <FilterPanel defs={defs} value={state.filters}
        onApply={(f) => dispatch({ type: 'filters', filters: f })}
        onClear={() => { setQDraft(''); dispatch({ type: 'clean' }); }} />
      <Toolbar>
        {props.search ? (
          <form onSubmit={(e) => { e.preventDefault(); dispatch({ type: 'q', q: qDraft.trim() || null }); }}>
            <TextInput size="small" aria-label="Search" placeholder="Search" value={qDraft}
              onChange={(e) => { setQDraft(e.target.value); if (e.target.value === '') dispatch({ type: 'q', q: null }); }} />
          </form>
        ) : null}
        {props.toolbar}
        <span className="spacer" />
        <ColumnChooser columns={columns} visible={visible} onToggle={toggleColumn} />
      </Toolbar>
      {list.error && !list.rows.length ? <AlertFallback error={list.error} /> : null}
      <Table>
        <thead>
          <tr>
            {shown.map((c) => {
              const dir = state.sort === c.sortField ? 'asc' : state.sort === `-${c.sortField}` ? 'desc' : null;
              return (
                <th key={c.key} style={c.width ? { width: c.width } : undefined}
                  aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}>
                  {c.sortField ? (
                    <button type="button" onClick={() => dispatch({ type: 'sort', sort: nextSort(state.sort, c.sortField as string) })}>
                      {c.header}{dir === 'asc' ? <TriangleUpIcon size={14} /> : dir === 'desc' ? <TriangleDownIcon size={14} /> : null}
                    </button>
                  ) : c.header}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {list.loading
            ? Array.from({ length: 10 }, (_, i) => (
              <tr key={`s${i}`} aria-hidden="true">{shown.map((c) => <td key={c.key}><Skeleton size="XS" /></td>)}</tr>
            ))
            : list.rows.map((row, i) => (
              <tr key={String(props.rowKey ? props.rowKey(row) : (row.id as string | number | undefined) ?? i)}
                data-clickable={props.onRowClick ? 'true' : undefined}
                onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}>
                {shown.map((c) => <td key={c.key}>{c.render ? c.render(row) : String(row[c.key] ?? '')}</td>)}
              </tr>
            ))}
        </tbody>
      </Table>
      {!list.loading && !list.error && list.rows.length === 0 ? <NoResults subtitle={props.emptySubtitle} /> : null}
      <Pager>
        <span>Rows per page</span>
        <Select size="small" aria-label="Rows per page" value={String(state.per)}
          onChange={(e) => dispatch({ type: 'per', per: Number(e.target.value) })}>
          {perOptions.map((n) => <Select.Option key={n} value={String(n)}>{n}</Select.Option>)}
        </Select>
        <span>Page {state.page} of {pages} · {count} total</span>
        <Button size="small" disabled={state.page <= 1} onClick={() => dispatch({ type: 'page', page: state.page - 1 })}>Previous</Button>
        <Button size="small" disabled={state.page >= pages} onClick={() => dispatch({ type: 'page', page: state.page + 1 })}>Next</Button>
      </Pager>
    </div>
  );
}
