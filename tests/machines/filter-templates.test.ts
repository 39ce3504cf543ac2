import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import {
  FILTER_TEMPLATES_MAX, FILTER_TEMPLATE_FAVORITES_MAX, cleanFilters, emptyArraysToNull, filterTemplatesMachine,
} from '../../machines/filter-templates.ts';
import type { CreateTemplateInput, FilterTemplate, SetFavoriteInput } from '../../machines/filter-templates.ts';
import { deferred, fullCoverage, settle } from './helpers.ts';
import type { Deferred } from './helpers.ts';

const coverage = fullCoverage(filterTemplatesMachine);

function template(id: number, favorite = false): FilterTemplate {
  return { id, name: `T${id}`, favorite, registry_type: 'cases', filters: { state: ['open'], q: '' } };
}

function templates(count: number, favorites = 0): FilterTemplate[] {
  return Array.from({ length: count }, (_, i) => template(i + 1, i < favorites));
}

interface Options {
  list?: FilterTemplate[] | Error;
  create?: (input: CreateTemplateInput) => FilterTemplate | Error;
  favorite?: (input: SetFavoriteInput) => FilterTemplate | undefined | Error;
}

function start(options: Options = {}) {
  const loads: Deferred<FilterTemplate[]>[] = [];
  const creates: CreateTemplateInput[] = [];
  const stars: SetFavoriteInput[] = [];
  const logic = filterTemplatesMachine.provide({
    actors: {
      loadTemplates: fromPromise<FilterTemplate[], { registryType: string }>(() => {
        const d = deferred<FilterTemplate[]>();
        loads.push(d);
        return d.promise;
      }),
      createTemplate: fromPromise<FilterTemplate, CreateTemplateInput>(async ({ input }) => {
        creates.push(input);
        const out = options.create?.(input) ?? { id: 999, name: input.name, favorite: false, registry_type: input.registryType, filters: input.filters };
        if (out instanceof Error) throw out;
        return out;
      }),
      setFavorite: fromPromise<FilterTemplate | void, SetFavoriteInput>(async ({ input }) => {
        stars.push(input);
        const out = options.favorite?.(input);
        if (out instanceof Error) throw out;
        return out;
      }),
    },
  });
  const actor = coverage.createActor(logic, { input: { registryType: 'cases', filters: { q: 'acme', tags: [] } } });
  actor.start();
  const answerLoad = async (list: FilterTemplate[] | Error = options.list ?? []) => {
    const d = loads.at(-1)!;
    if (list instanceof Error) d.reject(list); else d.resolve(list);
    await settle();
  };
  const ctx = () => actor.getSnapshot().context;
  const canSave = () => actor.getSnapshot().can({ type: 'SAVE', name: 'x' });
  const canStar = (id: number) => actor.getSnapshot().can({ type: 'TOGGLE_FAVORITE', id });
  return { actor, loads, creates, stars, answerLoad, ctx, canSave, canStar };
}

describe('filter templates machine', () => {
  it('loads the registry templates; save is disabled while they load', async () => {
    const { actor, canSave, answerLoad, ctx } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(ctx().filters).toEqual({ q: 'acme' });
    expect(canSave()).toBe(false);
    await answerLoad(templates(2));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(ctx().templates).toHaveLength(2);
    expect(canSave()).toBe(true);
  });

  it('disables save when no filter value is set', async () => {
    const { actor, canSave, answerLoad } = start();
    await answerLoad(templates(1));
    actor.send({ type: 'APPLY_FILTER', filters: { q: '', states: [], from_date: null, range: { from: '', to: null } } });
    expect(canSave()).toBe(false);
    actor.send({ type: 'SAVE', name: 'Empty' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('disables save at 50 templates for the registry', async () => {
    const a = start();
    await a.answerLoad(templates(FILTER_TEMPLATES_MAX - 1));
    expect(a.canSave()).toBe(true);
    const b = start();
    await b.answerLoad(templates(FILTER_TEMPLATES_MAX));
    expect(b.canSave()).toBe(false);
  });

  it('saves the current filters as a new, selected template', async () => {
    const { actor, creates, answerLoad, ctx } = start();
    await answerLoad(templates(1));
    actor.send({ type: 'APPLY_FILTER', filters: { state: ['open'], q: '', amount: 0, flagged: false } });
    actor.send({ type: 'SAVE', name: 'Open cases' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(actor.getSnapshot().can({ type: 'SAVE', name: 'again' })).toBe(false);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(creates).toEqual([{ registryType: 'cases', name: 'Open cases', filters: { state: ['open'], amount: 0, flagged: false } }]);
    expect(ctx().templates.map((t) => t.id)).toEqual([1, 999]);
    expect(ctx().selectedTemplateId).toBe(999);
  });

  it('keeps the list when saving fails', async () => {
    const { actor, answerLoad, ctx } = start({ create: () => new Error('AB002') });
    await answerLoad(templates(1));
    actor.send({ type: 'SAVE', name: 'x' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(ctx().templates).toHaveLength(1);
    expect(ctx().error).toBeInstanceOf(Error);
  });

  it('selects a template, and applying a filter clears the selection', async () => {
    const { actor, answerLoad, ctx } = start();
    await answerLoad(templates(3));
    actor.send({ type: 'SELECT_TEMPLATE', id: 2 });
    expect(ctx().selectedTemplateId).toBe(2);
    expect(ctx().filters).toEqual({ state: ['open'] });
    actor.send({ type: 'SELECT_TEMPLATE', id: 42 });
    expect(ctx().selectedTemplateId).toBe(2);
    actor.send({ type: 'APPLY_FILTER', filters: { state: ['closed'] } });
    expect(ctx().selectedTemplateId).toBeNull();
    expect(ctx().filters).toEqual({ state: ['closed'] });
  });

  it('clearing removes every filter and the selection', async () => {
    const { actor, answerLoad, ctx } = start();
    actor.send({ type: 'CLEAR' });
    expect(ctx().filters).toEqual({});
    await answerLoad(templates(2));
    actor.send({ type: 'SELECT_TEMPLATE', id: 1 });
    actor.send({ type: 'CLEAR' });
    expect(ctx().filters).toEqual({});
    expect(ctx().selectedTemplateId).toBeNull();
  });

  it('refuses a sixth favorite but always allows removing a star', async () => {
    const { actor, answerLoad, canStar, stars, ctx } = start();
    await answerLoad(templates(8, FILTER_TEMPLATE_FAVORITES_MAX));
    expect(canStar(6)).toBe(false);
    actor.send({ type: 'TOGGLE_FAVORITE', id: 6 });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(canStar(1)).toBe(true);
    actor.send({ type: 'TOGGLE_FAVORITE', id: 1 });
    expect(actor.getSnapshot().value).toBe('starring');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(stars.map((s) => [s.template.id, s.favorite])).toEqual([[1, false]]);
    expect(ctx().templates.find((t) => t.id === 1)?.favorite).toBe(false);
    expect(canStar(6)).toBe(true);
    expect(canStar(404)).toBe(false);
  });

  it('takes the updated template from the update call when it answers one', async () => {
    const { actor, answerLoad, ctx } = start({ favorite: ({ template: t, favorite }) => ({ ...t, favorite, name: 'Renamed' }) });
    await answerLoad(templates(2));
    actor.send({ type: 'TOGGLE_FAVORITE', id: 2 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(ctx().templates[1]).toMatchObject({ id: 2, favorite: true, name: 'Renamed' });
  });

  it('leaves the star as it was when the update fails', async () => {
    const { actor, answerLoad, ctx } = start({ favorite: () => new Error('Something went wrong') });
    await answerLoad(templates(2));
    actor.send({ type: 'TOGGLE_FAVORITE', id: 2 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(ctx().templates[1]?.favorite).toBe(false);
    expect(ctx().pendingFavorite).toBeNull();
    expect(ctx().error).toBeInstanceOf(Error);
  });

  it('can reload after a failed load, and reload on request', async () => {
    const { actor, answerLoad, loads, ctx } = start();
    await answerLoad(new Error('500'));
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    await answerLoad(templates(1));
    actor.send({ type: 'RELOAD' });
    await answerLoad(templates(4));
    expect(loads).toHaveLength(3);
    expect(ctx().templates).toHaveLength(4);
  });

  it('drops empty values and empty arrays, and sends empty arrays as null', () => {
    expect(cleanFilters({ a: '', b: [], c: null, d: undefined, e: '  ', f: 0, g: false, h: ['x'], i: { from: null, to: '' }, j: { from: 1 } }))
      .toEqual({ f: 0, g: false, h: ['x'], j: { from: 1 } });
    expect(emptyArraysToNull({ a: [], b: ['x'], c: 'y' })).toEqual({ a: null, b: ['x'], c: 'y' });
  });
});
