// Small pieces the inspector's panels share.
import styled from 'styled-components';

/** Read by screen readers, not shown. */
export const VisuallyHidden = styled.span`
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
`;

/** A count or tag beside a machine's name. Text ≥ 4.5:1 on its own background (WCAG AA). */
export const Badge = styled.span<{ $tone?: 'success' | 'neutral' | 'accent' }>`
  display: inline-block; padding: 0 7px; border-radius: 10px; font-size: 12px; line-height: 18px; white-space: nowrap;
  font-weight: 500; border: 1px solid;
  ${(p) => (p.$tone === 'success'
    ? 'color: #116329; background: #dafbe1; border-color: #4ac26b;'
    : p.$tone === 'accent'
      ? 'color: #0a3069; background: #ddf4ff; border-color: #54aeff;'
      : 'color: #59636e; background: #f6f8fa; border-color: #d1d9e0;')}
`;
