// The session-expiry overlay of spec 2.3: full screen, countdown m:ss, the exact text, and
// Continue (disabled while the refresh call runs) / Log out. Mouse movement over it is
// blocked so it never counts as activity.
import styled from 'styled-components';
import { TIMEOUT_DIALOG_TEXTS, formatCountdown } from '../../../machines/timeout-dialog.ts';
import { ShellButton } from '../ui/controls.tsx';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: rgba(15, 23, 42, 0.72);
  display: flex;
  align-items: center;
  justify-content: center;
`;
const Card = styled.div`
  background: var(--bgColor-default, #fff);
  border-radius: 12px;
  padding: 32px;
  width: 440px;
  max-width: calc(100vw - 32px);
  text-align: center;
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.3);
  h2 { margin: 0 0 12px; font-size: 20px; }
  p { margin: 12px 0 24px; color: var(--fgColor-muted, #59636e); }
  .countdown { font-size: 40px; font-weight: 600; font-variant-numeric: tabular-nums; }
  .actions { display: flex; gap: 12px; justify-content: center; }
`;

const block = (e: { stopPropagation(): void; preventDefault?(): void }) => e.stopPropagation();

export function TimeoutOverlay({ time, continuing, onContinue, onLogOut }: {
  time: number; continuing: boolean; onContinue: () => void; onLogOut: () => void;
}) {
  return (
    <Backdrop role="alertdialog" aria-modal="true" aria-labelledby="timeout-title" data-testid="timeout-overlay"
      onMouseMove={block} onMouseOver={block} onPointerMove={block} onWheel={block}>
      <Card>
        <h2 id="timeout-title">{TIMEOUT_DIALOG_TEXTS.title}</h2>
        <div className="countdown" aria-live="polite" data-testid="timeout-countdown">{formatCountdown(time)}</div>
        <p>{TIMEOUT_DIALOG_TEXTS.body}</p>
        <div className="actions">
          <ShellButton $variant="primary" disabled={continuing} onClick={onContinue}>{TIMEOUT_DIALOG_TEXTS.continue}</ShellButton>
          <ShellButton onClick={onLogOut}>{TIMEOUT_DIALOG_TEXTS.logOut}</ShellButton>
        </div>
      </Card>
    </Backdrop>
  );
}
