// A member's or an invitation's status as a coloured label.
import { Label } from '@primer/react';
import { statusTitle } from './labels.ts';

const VARIANTS: Record<string, 'success' | 'secondary' | 'attention' | 'danger' | 'accent'> = {
  active: 'success', accepted: 'success', pending: 'accent', expired: 'attention', deactivated: 'secondary', revoked: 'danger',
};

export function StatusLabel({ status }: { status: string }) {
  return <Label variant={VARIANTS[status] ?? 'secondary'}>{statusTitle(status)}</Label>;
}
