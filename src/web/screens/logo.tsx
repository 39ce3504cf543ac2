// The product mark: three strokes forming a rising tick. The animated variant draws the
// strokes one after another for the full-screen loader.
import styled, { css, keyframes } from 'styled-components';

const draw = keyframes`
  0% { stroke-dashoffset: 60; opacity: 0.3; }
  40%, 75% { stroke-dashoffset: 0; opacity: 1; }
  100% { stroke-dashoffset: 60; opacity: 0.3; }
`;

const Svg = styled.svg<{ $animated: boolean }>`
  display: block;
  flex: none;
  path { fill: none; stroke-linecap: round; stroke-width: 7; }
  ${(p) => p.$animated && css`
    path { stroke-dasharray: 60; animation: ${draw} 1.6s ease-in-out infinite; }
    path:nth-child(2) { animation-delay: 0.2s; }
    path:nth-child(3) { animation-delay: 0.4s; }
  `}
`;

export function Logo({ size = 32, animated = false }: { size?: number; animated?: boolean }) {
  return (
    <Svg $animated={animated} width={size} height={size} viewBox="0 0 64 64" role="img"
      aria-label="Compliance as a service" data-testid={animated ? 'loader-logo' : 'logo'}>
      <path d="M10 38 L22 50" stroke="#1f6feb" />
      <path d="M22 50 L38 28" stroke="#2da44e" />
      <path d="M38 28 L54 10" stroke="#0f2a4a" />
    </Svg>
  );
}
