// The full-screen loader of spec 2.1: the animated three-stroke logo, centred.
import styled from 'styled-components';
import { Logo } from './logo.tsx';

const Screen = styled.div`
  position: fixed;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: var(--bgColor-default, #fff);
  z-index: 50;
`;

export function FullScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Screen role="progressbar" aria-busy="true" aria-label={label} data-testid="full-screen-loader">
      <Logo size={72} animated />
    </Screen>
  );
}
