// The title row of a settings page: heading, optional text under it, actions on the right.
import { Heading } from '@primer/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Row = styled.div`
  display: flex; align-items: flex-start; gap: 12px; margin-bottom: 16px; flex-wrap: wrap;
  .text { flex: 1; min-width: 240px; }
  p { margin: 4px 0 0; color: var(--fgColor-muted, #59636e); max-width: 720px; }
  .actions { display: flex; gap: 8px; }
`;

export function PageHeader({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <Row>
      <div className="text">
        <Heading as="h1" style={{ fontSize: 24 }}>{title}</Heading>
        {children ? <p>{children}</p> : null}
      </div>
      {actions ? <div className="actions">{actions}</div> : null}
    </Row>
  );
}

export const Section = styled.section`
  margin-bottom: 32px;
  h2 { font-size: 16px; margin: 0 0 12px; }
`;
