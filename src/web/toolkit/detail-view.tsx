// DetailView: labelled fields of one record, skeletons while loading, a dash for empty
// values.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Skeleton } from '../screens/skeleton.tsx';

export interface DetailField {
  label: string;
  value?: ReactNode;
  /** Hidden when false (e.g. a permission check). */
  visible?: boolean;
}

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(140px, 220px) 1fr;
  gap: 10px 16px;
  margin: 0;
  font-size: 14px;
  dt { color: var(--fgColor-muted, #59636e); }
  dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
`;

const isEmpty = (v: ReactNode) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

export function DetailView({ fields, loading = false }: { fields: DetailField[]; loading?: boolean }) {
  const shown = fields.filter((f) => f.visible !== false);
  return (
    <List>
      {shown.map((f) => (
        <div key={f.label} style={{ display: 'contents' }}>
          <dt>{f.label}</dt>
          <dd>{loading ? <Skeleton size="XS" width="60%" /> : isEmpty(f.value) ? '—' : f.value}</dd>
        </div>
      ))}
    </List>
  );
}
