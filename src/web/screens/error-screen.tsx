// Full-page error screens of spec 2.2: logo, tagline, title, text, a Back button when the
// browser history has a previous entry, and the copyright line. `inline` renders the same
// content inside the shell's content area (404 inside a section).
import styled from 'styled-components';
import { COPYRIGHT, TAGLINE } from '../brand.ts';
import { ShellButton } from '../ui/controls.tsx';
import { ERROR_SCREENS, errorCodeLine, type ErrorScreenKind } from './error-texts.ts';
import { Logo } from './logo.tsx';

const Page = styled.main<{ $inline: boolean }>`
  min-height: ${(p) => (p.$inline ? '60vh' : '100vh')};
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 16px;
  padding: 32px 16px;
  text-align: center;
  color: var(--fgColor-default, #1f2328);
  background: ${(p) => (p.$inline ? 'transparent' : 'var(--bgColor-muted, #f6f8fa)')};
`;
const Brand = styled.div`
  display: flex; align-items: center; gap: 10px;
  font-weight: 600; color: var(--fgColor-muted, #59636e);
`;
const Title = styled.h1`
  margin: 8px 0 0; font-size: 28px;
`;
const Text = styled.p`
  margin: 0; max-width: 520px; font-size: 15px; color: var(--fgColor-muted, #59636e);
`;
const Footer = styled.footer`
  margin-top: 24px; font-size: 12px; color: var(--fgColor-muted, #59636e);
`;
const Actions = styled.div`
  display: flex; gap: 8px;
`;

function hasPrevious(): boolean {
  return typeof window !== 'undefined' && window.history.length > 1;
}

export function ErrorScreen({ kind, status, inline = false }: { kind: ErrorScreenKind; status?: number | null; inline?: boolean }) {
  const { title, text } = ERROR_SCREENS[kind];
  const code = kind === 'critical' ? errorCodeLine(status) : null;
  return (
    <Page $inline={inline} data-testid={`error-screen-${kind}`}>
      <Brand><Logo size={40} /><span>{TAGLINE}</span></Brand>
      <Title>{title}</Title>
      <Text>{text}</Text>
      {code ? <Text>{code}</Text> : null}
      <Actions>
        {kind === 'updated' ? (
          <ShellButton $variant="primary" onClick={() => window.location.reload()}>Reload page</ShellButton>
        ) : null}
        {kind !== 'updated' && hasPrevious() ? (
          <ShellButton onClick={() => window.history.back()}>Back</ShellButton>
        ) : null}
      </Actions>
      <Footer>{COPYRIGHT}</Footer>
    </Page>
  );
}

export const NotFound = ({ inline = false }: { inline?: boolean }) => <ErrorScreen kind="not-found" inline={inline} />;
