// The generic fallback of spec 2.2: the error message in an alert block.
import styled from 'styled-components';

const Alert = styled.div`
  padding: 12px 16px;
  border: 1px solid var(--borderColor-danger-muted, rgba(255, 129, 130, 0.4));
  border-radius: 6px;
  background: var(--bgColor-danger-muted, #ffebe9);
  color: var(--fgColor-default, #1f2328);
  font-size: 14px;
`;

export function AlertFallback({ error, message }: { error?: unknown; message?: string }) {
  const text = message ?? (error instanceof Error ? error.message : error ? String(error) : 'Something went wrong');
  return <Alert role="alert">{text}</Alert>;
}
