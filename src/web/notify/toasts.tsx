// Toasts of spec 9 (react-toastify: top-right, 5000 ms, stacked, drag 80 %), the texts of
// spec 8, and the realtime notification stack driven by machines/notification-stack.ts:
// one notification toast at a time, later ones counted ("You've got N more
// notification(s)"), a click runs a callback (it opens the notification centre).
import { useEffect, type ReactNode } from 'react';
import { ToastContainer, toast, type ToastContent, type ToastOptions } from 'react-toastify';
import { ApiError } from '../api-client.ts';
import { GENERIC_ERROR_TOAST, SUCCESS_TOASTS } from '../../shared/errors.ts';
import { errorText } from '../error-texts.ts';
import { moreNotificationsText, notificationStackMachine, TOAST_AUTO_CLOSE_MS } from '../../../machines/notification-stack.ts';
import { startTracked } from '../state/actors.ts';

export const TOAST_OPTIONS = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  stacked: true,
  draggablePercent: 80,
  newestOnTop: true,
} as const;

/** The text of an error toast: spec 8's for a known code, "Something went wrong" otherwise. */
export function errorToastText(error: unknown): string {
  if (error instanceof ApiError) return errorText(error.error_code);
  if (typeof error === 'string') return errorText(error);
  return GENERIC_ERROR_TOAST;
}

export const notify = {
  success: (text: ReactNode = SUCCESS_TOASTS.saved, opts?: ToastOptions) => toast.success(text, opts),
  /** An ApiError, an error code, or anything else ("Something went wrong"). */
  error: (error: unknown, opts?: ToastOptions) => toast.error(errorToastText(error), opts),
  warning: (text: ReactNode, opts?: ToastOptions) => toast.warning(text, opts),
  info: (text: ReactNode, opts?: ToastOptions) => toast.info(text, opts),
  default: (text: ReactNode, opts?: ToastOptions) => toast(text, opts),
  /** A realtime notification: goes through the stack. */
  notification: (content: ToastContent, onClick?: () => void) => pushNotification(content, onClick),
};

// -- the notification stack ------------------------------------------------------------

const STACK_TOAST_ID = 'notification-stack';
let clickHandler: (() => void) | null = null;

const stack = startTracked(
  notificationStackMachine.provide({
    actions: { openNotifications: () => clickHandler?.() },
  }),
  { label: 'toasts' },
);

function render(current: unknown, more: number): ReactNode {
  return (
    <div role="status" style={{ cursor: 'pointer' }} onClick={() => stack.send({ type: 'CLICK' })} data-testid="notification-toast">
      <div>{current as ReactNode}</div>
      {more > 0 ? <div style={{ marginTop: 4, fontWeight: 600 }}>{moreNotificationsText(more)}</div> : null}
    </div>
  );
}

// The toast mirrors the machine: shown while it shows, updated as the counter grows.
stack.subscribe((snap) => {
  if (snap.matches('showing')) {
    const content = render(snap.context.current, snap.context.more);
    const opts: ToastOptions = {
      toastId: STACK_TOAST_ID,
      type: 'info',
      autoClose: false, // the machine's own 5 s timer closes it, restarted by each arrival
      closeOnClick: false,
      onClose: () => { if (stack.getSnapshot().matches('showing')) stack.send({ type: 'DISMISS' }); },
    };
    if (toast.isActive(STACK_TOAST_ID)) toast.update(STACK_TOAST_ID, { render: content, ...opts });
    else toast(content, opts);
  } else if (toast.isActive(STACK_TOAST_ID)) {
    toast.dismiss(STACK_TOAST_ID);
  }
});

function pushNotification(content: ToastContent, onClick?: () => void): void {
  if (onClick) clickHandler = onClick;
  stack.send({ type: 'NOTIFY', notification: content });
}

/** Sets what a click on the notification toast does (open the notification centre). */
export function useNotificationClick(fn: () => void): void {
  useEffect(() => {
    clickHandler = fn;
    return () => { if (clickHandler === fn) clickHandler = null; };
  }, [fn]);
}

export function Toasts() {
  return <ToastContainer {...TOAST_OPTIONS} />;
}
