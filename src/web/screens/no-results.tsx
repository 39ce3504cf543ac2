// The empty-list notice of spec 2.2.
import styled from 'styled-components';

const Box = styled.div`
  padding: 32px 16px;
  text-align: center;
  color: var(--fgColor-muted, #59636e);
  strong { display: block; letter-spacing: 0.08em; font-size: 14px; }
  p { margin: 8px 0 0; font-size: 13px; }
`;

export function NoResults({ subtitle }: { subtitle?: string }) {
  return (
    <Box data-testid="no-results">
      <strong>NO RESULTS</strong>
      {subtitle ? <p>{subtitle}</p> : null}
    </Box>
  );
}
