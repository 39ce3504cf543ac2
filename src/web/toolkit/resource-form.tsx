// ResourceForm: a form described by field definitions and a superstruct schema
// (react-hook-form + superstructResolver). Each field shows a Required or Optional badge
// and its own message; a server 400 answer's `errors` land on the matching fields; the
// submit button stays disabled until something changed and while saving (spec 5).
import { Button, Checkbox, Select, TextInput, Textarea } from '@primer/react';
import { useEffect, useId } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import styled from 'styled-components';
import type { Struct } from 'superstruct';
import { ApiError } from '../api-client.ts';
import { SUCCESS_TOASTS } from '../../shared/errors.ts';
import { notify } from '../notify/toasts.tsx';
import { Field } from './field.tsx';
import { serverFieldErrors } from './server-errors.ts';
import { superstructResolver } from './superstruct-resolver.ts';

export type FieldKind = 'text' | 'email' | 'tel' | 'number' | 'password' | 'textarea' | 'select' | 'multi-select' | 'checkbox' | 'date';

export interface FieldDef<T extends FieldValues = FieldValues> {
  name: Path<T>;
  label: string;
  kind?: FieldKind;
  required?: boolean;
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  hint?: string;
  readOnly?: boolean;
}

export interface ResourceFormProps<T extends FieldValues> {
  schema: Struct<T, unknown> | Struct<any, any>;
  fields: FieldDef<T>[];
  defaultValues: DefaultValues<T>;
  /** Resolve when saved; throw an ApiError to show the server's messages. */
  onSubmit: (values: T) => Promise<unknown>;
  submitLabel?: string;
  /** Toast after saving; false for none. */
  successMessage?: string | false;
  /** The whole form read-only (e.g. a completed data request). */
  readOnly?: boolean;
  /** Allow submitting an unchanged form. */
  allowPristine?: boolean;
  /** Per-field message overrides, see superstructResolver. */
  messages?: Record<string, Record<string, string>>;
  onCancel?: () => void;
}

const Form = styled.form`
  display: flex; flex-direction: column; gap: 16px; max-width: 560px;
`;
const Actions = styled.div`
  display: flex; gap: 8px;
`;

export function ResourceForm<T extends FieldValues>(props: ResourceFormProps<T>) {
  const { fields, schema, defaultValues } = props;
  const labels = Object.fromEntries(fields.map((f) => [f.name, f.label]));
  const form = useForm<T>({
    defaultValues,
    resolver: superstructResolver<T>(schema, { labels, messages: props.messages }),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const formId = useId();

  // New defaults (the record reloaded) reset the form; compared by value so inline objects are fine.
  const defaultsKey = JSON.stringify(defaultValues);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { reset(defaultValues); }, [defaultsKey, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await props.onSubmit(values);
      if (props.successMessage !== false) notify.success(props.successMessage ?? SUCCESS_TOASTS.saved);
      reset(values);
    } catch (e) {
      const mapped = serverFieldErrors(e, fields.map((f) => f.name));
      for (const [name, message] of mapped) setError(name as Path<T>, { type: 'server', message });
      if (mapped.length === 0 || !(e instanceof ApiError) || e.status !== 400) notify.error(e);
    }
  });

  const disabled = props.readOnly || formState.isSubmitting || (!props.allowPristine && !formState.isDirty);

  return (
    <Form onSubmit={submit} noValidate>
      {fields.map((f) => {
        const err = formState.errors[f.name]?.message as string | undefined;
        const ro = props.readOnly || f.readOnly;
        const kind = f.kind ?? 'text';
        const id = `${formId}-${f.name}`;
        const aria = {
          id,
          'aria-required': f.required,
          'aria-invalid': err ? true : undefined,
          'aria-describedby': [f.hint ? `${id}-hint` : '', err ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
        };
        let control;
        if (kind === 'checkbox') control = <Checkbox {...aria} disabled={ro} {...register(f.name)} />;
        else if (kind === 'textarea') control = <Textarea block {...aria} placeholder={f.placeholder} readOnly={ro} {...register(f.name)} />;
        else if (kind === 'select' || kind === 'multi-select') {
          control = (
            <Select block multiple={kind === 'multi-select'} disabled={ro} {...aria} {...register(f.name)}>
              {kind === 'select' ? <Select.Option value="">—</Select.Option> : null}
              {f.options?.map((o) => <Select.Option key={o.value} value={o.value}>{o.label}</Select.Option>)}
            </Select>
          );
        } else {
          control = (
            <TextInput block type={kind} placeholder={f.placeholder} readOnly={ro} {...aria}
              {...register(f.name, kind === 'number' ? { setValueAs: (v) => (v === '' || v === null ? undefined : Number(v)) } : {})} />
          );
        }
        return (
          <Field key={f.name} id={id} label={f.label} required={f.required} badge inline={kind === 'checkbox'} hint={f.hint} error={err}>
            {control}
          </Field>
        );
      })}
      {!props.readOnly ? (
        <Actions>
          <Button type="submit" variant="primary" disabled={disabled}>{props.submitLabel ?? 'Save'}</Button>
          {props.onCancel ? <Button type="button" onClick={props.onCancel}>Cancel</Button> : null}
        </Actions>
      ) : null}
    </Form>
  );
}
