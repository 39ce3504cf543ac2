// The kinds this build knows (every contribution to `screenings.kinds`, from the registry)
// and how their input and results read on a page.
import { registry } from '../../../src/host/web.ts';
import type { CheckupRecord, KindField, ScreeningKindWeb } from '../kinds.ts';
import { STATUS_LABELS, type ExecutionStatus } from '../schemas.ts';

export function allKinds(): ScreeningKindWeb[] {
  return (registry.catalog.contributions.get('screenings.kinds') ?? []).map((c) => c.item as ScreeningKindWeb);
}

export function kindOf(code: string | null | undefined): ScreeningKindWeb | undefined {
  return code ? allKinds().find((k) => k.code === code) : undefined;
}

export const kindTitle = (code: string) => kindOf(code)?.title ?? code;

export const statusLabel = (s: string) => STATUS_LABELS[s as ExecutionStatus] ?? s;

/** A score 0..1 as a percentage ("87 %"). */
export const scoreLabel = (score: number) => `${Math.round(Number(score) * 100)} %`;

/** One input value as the form showed it: option labels, Yes/No, lists joined. */
export function inputValue(field: KindField | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const label = (v: unknown) => field?.options?.find((o) => o.value === v)?.label ?? String(v);
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return label(value);
}

/** The input's fields in the form's order, then any other keys. */
export function inputRows(kind: ScreeningKindWeb | undefined, input: Record<string, unknown>): { label: string; value: string }[] {
  const fields = kind?.fields ?? [];
  const rows = fields.map((f) => ({ label: f.label, value: inputValue(f, input[f.name]) }));
  for (const [k, v] of Object.entries(input ?? {})) {
    if (!fields.some((f) => f.name === k)) rows.push({ label: k, value: inputValue(undefined, v) });
  }
  return rows;
}

/** Spec 3: a provider status shows for the kinds that have one, when the screening neither failed nor is running. */
export function showsProviderStatus(kind: ScreeningKindWeb | undefined, c: Pick<CheckupRecord, 'execution_status' | 'provider_status'>): boolean {
  return Boolean(kind?.providerStatus) && c.execution_status === 'completed' && !!c.provider_status;
}
