// The few controls the first page needs, styled after Primer with its CSS variables.
// Primer's own components come from one barrel module, and esbuild puts everything a
// barrel reaches into a chunk shared with the entry; so the shell (and the error screens,
// which must render even when chunks fail to load) use these, while pages use Primer.
import styled, { css } from 'styled-components';

type Variant = 'default' | 'primary' | 'invisible' | 'danger';

const variants: Record<Variant, ReturnType<typeof css>> = {
  default: css`
    background: var(--button-default-bgColor-rest, #f6f8fa);
    color: var(--button-default-fgColor-rest, #25292e);
    border-color: var(--button-default-borderColor-rest, #d1d9e0);
    &:hover:not(:disabled) { background: var(--button-default-bgColor-hover, #eff2f5); }
  `,
  primary: css`
    background: var(--button-primary-bgColor-rest, #1f883d);
    color: var(--button-primary-fgColor-rest, #fff);
    border-color: var(--button-primary-borderColor-rest, rgba(31, 35, 40, 0.15));
    &:hover:not(:disabled) { background: var(--button-primary-bgColor-hover, #1c8139); }
  `,
  invisible: css`
    background: transparent;
    color: var(--fgColor-default, #1f2328);
    border-color: transparent;
    &:hover:not(:disabled) { background: var(--bgColor-neutral-muted, #eaeef2); }
  `,
  danger: css`
    background: var(--button-default-bgColor-rest, #f6f8fa);
    color: var(--fgColor-danger, #d1242f);
    border-color: var(--button-default-borderColor-rest, #d1d9e0);
    &:hover:not(:disabled) { background: var(--bgColor-danger-emphasis, #cf222e); color: #fff; }
  `,
};

export const ShellButton = styled.button.attrs<{ type?: string }>((p) => ({ type: p.type ?? 'button' }))<{
  $variant?: Variant; $size?: 'small' | 'medium';
}>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  height: ${(p) => (p.$size === 'small' ? 28 : 32)}px;
  padding: 0 ${(p) => (p.$size === 'small' ? 8 : 12)}px;
  border: 1px solid transparent;
  border-radius: 6px;
  font: inherit;
  font-size: ${(p) => (p.$size === 'small' ? 12 : 14)}px;
  font-weight: 500;
  line-height: 1;
  cursor: pointer;
  white-space: nowrap;
  ${(p) => variants[p.$variant ?? 'default']}
  &:disabled { opacity: 0.5; cursor: not-allowed; }
  &:focus-visible { outline: 2px solid var(--focus-outlineColor, #0969da); outline-offset: 1px; }
`;

export const ShellInput = styled.input`
  height: 32px;
  width: 100%;
  padding: 0 10px 0 30px;
  border: 1px solid var(--control-borderColor-rest, #d1d9e0);
  border-radius: 6px;
  font: inherit;
  font-size: 14px;
  background: var(--bgColor-default, #fff);
  color: var(--fgColor-default, #1f2328);
  &:focus { outline: 2px solid var(--focus-outlineColor, #0969da); outline-offset: -1px; }
  &:disabled { background: var(--bgColor-disabled, #eff2f5); cursor: not-allowed; }
`;

/** A floating panel under its anchor (menus, popovers). */
export const Popover = styled.div<{ $width?: number; $align?: 'start' | 'end' }>`
  position: absolute;
  top: calc(100% + 6px);
  ${(p) => (p.$align === 'start' ? 'left: 0;' : 'right: 0;')}
  z-index: 40;
  width: ${(p) => (p.$width ? `${p.$width}px` : 'auto')};
  max-width: calc(100vw - 16px);
  background: var(--overlay-bgColor, #fff);
  border: 1px solid var(--borderColor-default, #d1d9e0);
  border-radius: 12px;
  box-shadow: var(--shadow-floating-large, 0 8px 24px rgba(66, 74, 83, 0.2));
  overflow: hidden;
`;

export const Anchor = styled.div`
  position: relative;
  display: inline-flex;
`;
