// A form field's frame: label (with an optional Required/Optional badge), the control,
// a hint and a validation message. Our own instead of Primer's FormControl, which pulls
// Primer's autocomplete and select panel (and a virtual list) into every page's bundle.
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Wrap = styled.div<{ $inline: boolean }>`
  display: flex;
  flex-direction: ${(p) => (p.$inline ? 'row' : 'column')};
  align-items: ${(p) => (p.$inline ? 'center' : 'stretch')};
  gap: ${(p) => (p.$inline ? '8px' : '4px')};
  label { font-weight: 600; font-size: 14px; }
  .hint { font-size: 12px; color: var(--fgColor-muted, #59636e); }
  .error { font-size: 12px; color: var(--fgColor-danger, #d1242f); }
`;
const Badge = styled.span<{ $required: boolean }>`
  margin-left: 6px; font-size: 11px; font-weight: 500; padding: 0 6px; border-radius: 10px;
  color: ${(p) => (p.$required ? 'var(--fgColor-danger, #d1242f)' : 'var(--fgColor-muted, #59636e)')};
  border: 1px solid currentColor;
`;

export function Field({ id, label, required, badge = false, hint, error, inline = false, children }: {
  id: string;
  label: ReactNode;
  required?: boolean;
  /** Show the Required/Optional badge (spec 5). */
  badge?: boolean;
  hint?: ReactNode;
  error?: string;
  /** Control before the label (checkboxes). */
  inline?: boolean;
  children: ReactNode;
}) {
  const text = (
    <label htmlFor={id}>
      {label}
      {badge ? <Badge aria-hidden="true" $required={!!required}>{required ? 'Required' : 'Optional'}</Badge> : null}
    </label>
  );
  return (
    <Wrap $inline={inline}>
      {inline ? <>{children}{text}</> : <>{text}{children}</>}
      {hint ? <span className="hint" id={`${id}-hint`}>{hint}</span> : null}
      {error ? <span className="error" id={`${id}-error`} role="alert">{error}</span> : null}
    </Wrap>
  );
}
