// account/roles/form/:id ('new' for a new role): the role's name and its permission codes,
// picked per area (spec 6) with a select-all per area. Deleting a role that members hold
// moves them to another role first (the server refuses otherwise).
import { Button, Checkbox, Select, TextInput } from '@primer/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { array, object, string } from 'superstruct';
import { useLocation } from 'wouter';
import {
  AlertFallback, ApiError, confirm, ConfirmClosed, del, Field, get, invalidate, maxLength, notify, type PageProps, patch, post, required, serverFieldErrors, SkeletonRows, superstructResolver, useClient, useClientHref, useQuery,
} from '../../../src/host/web.ts';
import type { RoleRow } from '../schemas.ts';
import { permissionGroupKey } from '../../../src/shared/schemas/membership.ts';
import { endpoints, keys } from './api.ts';
import { isConflict, labelFieldErrors, reportFailure } from './failures.ts';
import { PERMISSION_AREA_LIST, codeLabel } from './labels.ts';
import { PageHeader } from './page-header.tsx';
import { areaState, toggleArea, toggleCode } from './role-codes.ts';
import { useAllRoles } from './use-roles.ts';

interface RoleValues { name: string; codes: string[] }

const schema = object({ name: required(maxLength(100)), codes: array(string()) });

const Form = styled.form`
  display: flex; flex-direction: column; gap: 20px;
  .name { max-width: 480px; }
  .actions { display: flex; gap: 8px; }
`;
const Areas = styled.div`
  display: grid; gap: 16px; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  fieldset { border: 1px solid var(--borderColor-default, #d1d9e0); border-radius: 8px; padding: 8px 12px 12px; margin: 0; }
  legend { font-weight: 600; padding: 0 4px; }
  && label { display: flex; align-items: center; gap: 8px; font-size: 13px; font-weight: 400; padding: 2px 0; cursor: pointer; }
  && .all { border-bottom: 1px solid var(--borderColor-muted, #e5e9ed); padding-bottom: 6px; margin-bottom: 4px; font-weight: 600; }
  code { font-size: 11px; color: var(--fgColor-muted, #59636e); }
`;

function MoveTarget({ options, onChange }: { options: { id: string; name: string }[]; onChange: (id: string) => void }) {
  const [value, setValue] = useState(options[0]?.id ?? '');
  const id = useId();
  return (
    <Field id={id} label="Move its members to">
      <Select id={id} value={value} onChange={(e) => { setValue(e.target.value); onChange(e.target.value); }} block>
        {options.map((o) => <Select.Option key={o.id} value={o.id}>{o.name}</Select.Option>)}
      </Select>
    </Field>
  );
}

export default function RoleFormPage({ params }: PageProps) {
  const { clientId } = useClient();
  const href = useClientHref();
  const [, navigate] = useLocation();
  const isNew = params.id === 'new';
  const role = useQuery(isNew ? null : keys.role(clientId, params.id),
    () => get<RoleRow>(endpoints.role(clientId, params.id)).then((r) => r.data));
  const others = useAllRoles(clientId, !isNew);
  const r = role.data;
  const nameId = useId();

  const defaults = useMemo<RoleValues>(() => ({ name: r?.name ?? '', codes: r?.codes ?? [] }), [r]);
  const form = useForm<RoleValues>({
    defaultValues: defaults,
    resolver: superstructResolver<RoleValues>(schema, { labels: { name: 'Name', codes: 'Permissions' } }),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, reset, setValue, watch } = form;
  useEffect(() => { reset(defaults); }, [defaults, reset]);
  const codes = watch('codes') ?? [];
  const name = watch('name') ?? '';
  const setCodes = (next: string[]) => setValue('codes', next, { shouldDirty: true });

  const submit = handleSubmit(async (v) => {
    const body = { role: { name: v.name.trim(), codes: v.codes } };
    try {
      const saved = isNew ? await post<RoleRow>(endpoints.roles(clientId), body) : await patch<RoleRow>(endpoints.role(clientId, params.id), body);
      notify.success();
      invalidate(keys.roles(clientId));
      invalidate(keys.users(clientId));
      reset({ name: saved.data.name, codes: saved.data.codes });
      if (isNew) navigate(href(`account/roles/form/${saved.data.id}`), { replace: true });
    } catch (e) {
      // The only conflict an edit meets: it would leave nobody able to manage the client.
      if (isConflict(e)) { setError('codes', { type: 'server', message: e.message }); return; }
      const mapped = serverFieldErrors(labelFieldErrors(e, { name: 'Name', codes: 'Permissions' }), ['name', 'codes']);
      for (const [field, message] of mapped) setError(field as keyof RoleValues, { type: 'server', message });
      if (mapped.length === 0 || !(e instanceof ApiError) || e.status !== 400) notify.error(e);
    }
  });

  const remove = async () => {
    if (!r) return;
    const targets = (others.data ?? []).filter((o) => o.id !== r.id);
    const moveTo = { current: targets[0]?.id ?? '' }; // the dialog's select writes here
    try {
      const answer = await confirm({
        title: 'Do you really want to delete this role?',
        content: r.members_count > 0 ? (
          <div>
            <p>{r.members_count} member{r.members_count === 1 ? ' holds' : 's hold'} this role.</p>
            {targets.length ? <MoveTarget options={targets} onChange={(id) => { moveTo.current = id; }} /> : <p>Create another role to move them to first.</p>}
          </div>
        ) : `${r.name} will be deleted.`,
        confirmLabel: 'Yes, delete',
        danger: true,
      });
      if (answer !== 'confirm') return;
    } catch (e) {
      if (e instanceof ConfirmClosed) return;
      throw e;
    }
    try {
      const query = r.members_count > 0 && moveTo.current ? `?move_to=${encodeURIComponent(moveTo.current)}` : '';
      await del(`${endpoints.role(clientId, r.id)}${query}`);
      notify.success();
      invalidate(keys.roles(clientId));
      invalidate(keys.users(clientId));
      navigate(href('account/roles'));
    } catch (e) {
      reportFailure(e);
    }
  };

  if (role.error && !r) return <AlertFallback error={role.error} />;
  if (!isNew && !r) return <SkeletonRows count={10} />;

  const nameError = formState.errors.name?.message;
  const codesError = formState.errors.codes?.message as string | undefined;
  return (
    <div>
      <PageHeader title={isNew ? 'New role' : r?.name ?? 'Role'}
        actions={!isNew ? <Button variant="danger" onClick={() => void remove()}>Delete</Button> : null}>
        {name.trim() ? <>Key: <code>{permissionGroupKey(name.trim())}</code> · {codes.length} permission{codes.length === 1 ? '' : 's'}</> : 'Name the role and pick its permissions.'}
      </PageHeader>
      <Form onSubmit={submit} noValidate>
        <div className="name">
          <Field id={nameId} label="Name" required badge error={nameError}>
            <TextInput id={nameId} block aria-required aria-invalid={nameError ? true : undefined} {...register('name')} />
          </Field>
        </div>
        <Field id={`${nameId}-codes`} label="Permissions" badge error={codesError}>
          <Areas id={`${nameId}-codes`} role="group" aria-label="Permissions">
            {PERMISSION_AREA_LIST.map(({ area, title, codes: areaCodes }) => {
              const state = areaState(area, codes);
              return (
                <fieldset key={area}>
                  <legend>{title}</legend>
                  <label className="all">
                    <Checkbox checked={state === 'all'} indeterminate={state === 'some'} onChange={() => setCodes(toggleArea(area, codes))} />
                    Select all
                  </label>
                  {areaCodes.map((code) => (
                    <label key={code} title={code}>
                      <Checkbox checked={codes.includes(code)} onChange={() => setCodes(toggleCode(code, codes))} />
                      <span>{codeLabel(code)} <code>{code}</code></span>
                    </label>
                  ))}
                </fieldset>
              );
            })}
          </Areas>
        </Field>
        <div className="actions">
          <Button type="submit" variant="primary" disabled={formState.isSubmitting || !formState.isDirty}>{isNew ? 'Create role' : 'Save'}</Button>
          <Button type="button" onClick={() => navigate(href('account/roles'))}>Cancel</Button>
        </div>
      </Form>
    </div>
  );
}
