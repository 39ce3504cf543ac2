// Saved filter templates of a list (spec 3, 4, 5, 7), driven by
// machines/filter-templates.ts against /tab_registries: the list (registry_type, per=50),
// create, and the favorite flag by update. Save is disabled with no filter value set,
// while templates load, or at 50 templates; starring at 5 favorites. Selecting a template
// applies its filters; applying a filter by hand clears the selection (the parent does).
import { StarFillIcon, StarIcon } from '@primer/octicons-react';
import { Button, TextInput } from '@primer/react';
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { clientPath, get, post, put } from '../api-client.ts';
import {
  FILTER_TEMPLATES_MAX, FILTER_TEMPLATE_FAVORITES_MAX, emptyArraysToNull, favoriteCount, favoriteToggleAllowed,
  filterTemplatesMachine, saveAllowed, type FilterTemplate,
} from '../../../machines/filter-templates.ts';
import { notify } from '../notify/toasts.tsx';
import { useTrackedMachine } from '../state/actors.ts';
import type { Filters } from './list-query.ts';

const Bar = styled.div`
  display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-bottom: 8px; font-size: 13px;
`;
const Chip = styled.span<{ $selected: boolean }>`
  display: inline-flex; align-items: center; gap: 4px; padding: 2px 4px 2px 10px; border-radius: 12px;
  border: 1px solid var(--borderColor-default, #d1d9e0);
  background: ${(p) => (p.$selected ? 'var(--bgColor-accent-muted, #ddf4ff)' : 'var(--bgColor-default, #fff)')};
  button { border: 0; background: transparent; cursor: pointer; padding: 2px; display: inline-flex; color: inherit; }
  button:disabled { cursor: not-allowed; opacity: 0.5; }
`;

export function templatesApi(clientId: string, registryType: string) {
  const base = clientPath(clientId, 'tab_registries');
  return {
    list: async () => (await get<FilterTemplate[]>(base, { registry_type: registryType, per: FILTER_TEMPLATES_MAX })).data ?? [],
    create: async (name: string, filters: Filters) => (await post<FilterTemplate>(base, {
      tab_registry: { name, registry_type: registryType, favorite: false, meta: emptyArraysToNull(filters), filters: emptyArraysToNull(filters) },
    })).data,
    setFavorite: async (t: FilterTemplate, favorite: boolean) => (await put<FilterTemplate>(`${base}/${encodeURIComponent(String(t.id))}`, {
      tab_registry: {
        name: t.name, registry_type: t.registry_type, favorite,
        meta: emptyArraysToNull(t.meta ?? {}), filters: emptyArraysToNull(t.filters ?? {}),
      },
    })).data,
  };
}

export function FilterTemplates({ clientId, registryType, filters, selectedId, onSelect }: {
  clientId: string;
  registryType: string;
  filters: Filters;
  selectedId: string | number | null;
  onSelect: (template: FilterTemplate) => void;
}) {
  const api = useMemo(() => templatesApi(clientId, registryType), [clientId, registryType]);
  const machine = useMemo(() => filterTemplatesMachine.provide({
    actors: {
      loadTemplates: fromPromise(() => api.list()),
      createTemplate: fromPromise(({ input }) => api.create(input.name, input.filters as Filters)),
      setFavorite: fromPromise(({ input }) => api.setFavorite(input.template, input.favorite)),
    },
  }), [api]);
  const [snap, send] = useTrackedMachine(machine, { input: { registryType, filters }, label: `filters:${registryType}` });
  const [name, setName] = useState('');

  // Keep the machine's idea of the current filters in step with the list.
  useEffect(() => {
    if (selectedId !== null) send({ type: 'SELECT_TEMPLATE', id: selectedId });
    else send({ type: 'APPLY_FILTER', filters });
  }, [filters, selectedId, send]);

  useEffect(() => { if (snap.context.error) notify.error(snap.context.error); }, [snap.context.error]);

  const templates = [...snap.context.templates].sort((a, b) => Number(b.favorite) - Number(a.favorite));
  const loading = snap.matches('loading');
  const busy = !snap.matches('ready');
  const canSave = !busy && saveAllowed(snap.context) && name.trim() !== '';
  const favs = favoriteCount(snap.context.templates);

  return (
    <Bar aria-label="Filter templates" data-testid="filter-templates">
      {templates.map((t) => (
        <Chip key={t.id} $selected={t.id === selectedId}>
          <button type="button" onClick={() => onSelect(t)}>{t.name}</button>
          <button type="button" aria-label={t.favorite ? `Unstar ${t.name}` : `Star ${t.name}`} aria-pressed={t.favorite}
            disabled={busy || !favoriteToggleAllowed(snap.context.templates, t.id)}
            title={!t.favorite && favs >= FILTER_TEMPLATE_FAVORITES_MAX ? `At most ${FILTER_TEMPLATE_FAVORITES_MAX} favorites` : undefined}
            onClick={() => send({ type: 'TOGGLE_FAVORITE', id: t.id })}>
            {t.favorite ? <StarFillIcon size={12} /> : <StarIcon size={12} />}
          </button>
        </Chip>
      ))}
      <TextInput size="small" aria-label="Template name" placeholder="Template name" value={name}
        disabled={loading} onChange={(e) => setName(e.target.value)} />
      <Button size="small" disabled={!canSave}
        title={snap.context.templates.length >= FILTER_TEMPLATES_MAX ? `At most ${FILTER_TEMPLATES_MAX} templates` : undefined}
        onClick={() => { send({ type: 'SAVE', name: name.trim() }); setName(''); }}>
        Save filters
      </Button>
    </Bar>
  );
}
