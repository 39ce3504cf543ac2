// Small presentational pieces the administration pages share.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { formatMoney, parseAmount } from '../../../src/host/web.ts';

export const Page = styled.div`
  display: flex; flex-direction: column; gap: 24px;
  h1 { font-size: 24px; margin: 0; }
`;

export const Header = styled.div`
  display: flex; align-items: center; gap: 12px; flex-wrap: wrap;
  .spacer { flex: 1; }
`;

const Box = styled.section`
  border: 1px solid var(--borderColor-default, #d1d9e0);
  border-radius: 8px;
  padding: 16px;
  h2 { font-size: 16px; margin: 0 0 12px; }
  .note { font-size: 13px; color: var(--fgColor-muted, #59636e); margin: 0 0 12px; }
`;

export function Section({ title, id, note, actions, children }: {
  title: string; id: string; note?: ReactNode; actions?: ReactNode; children: ReactNode;
}) {
  return (
    <Box aria-labelledby={id}>
      <Header>
        <h2 id={id}>{title}</h2>
        <span className="spacer" />
        {actions}
      </Header>
      {note ? <p className="note">{note}</p> : null}
      {children}
    </Box>
  );
}

type Tone = 'success' | 'danger' | 'attention' | 'neutral' | 'accent';
const TONES: Record<Tone, string> = {
  success: 'var(--fgColor-success, #1a7f37)',
  danger: 'var(--fgColor-danger, #d1242f)',
  attention: 'var(--fgColor-attention, #9a6700)',
  neutral: 'var(--fgColor-muted, #59636e)',
  accent: 'var(--fgColor-accent, #0969da)',
};

export const Badge = styled.span<{ $tone?: Tone }>`
  display: inline-block; font-size: 12px; line-height: 18px; padding: 0 7px; border-radius: 10px;
  border: 1px solid currentColor; white-space: nowrap;
  color: ${(p) => TONES[p.$tone ?? 'neutral']};
`;

export const Columns = styled.div`
  display: grid; gap: 24px; grid-template-columns: repeat(auto-fit, minmax(340px, 1fr)); align-items: start;
`;

export const Actions = styled.div`
  display: flex; gap: 8px; flex-wrap: wrap; align-items: center;
`;

export const money = (v: string | number | null | undefined) => formatMoney(parseAmount(v));

export { roleTitle } from '../../../src/shared/schemas/membership.ts';

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge $tone={active ? 'success' : 'danger'}>{active ? 'Active' : 'Deactivated'}</Badge>;
}

/** 'verification flow' → 'Verification flow' (feature titles are lower case in src/shared/features.ts). */
export const sentence = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

export const groupNames = (groups: { name: string }[]) => groups.map((g) => g.name).join(', ');
