// Realtime notification toasts (spec 4, constants of spec 9): one toast at a time; each
// later notification adds to a counter ("You've got N more notifications") and keeps the
// toast up for another auto-close period; clicking runs the injected callback (open the
// notification centre) and, like dismissing or the auto-close, resets the stack.
import { assign, setup } from 'xstate';

export const TOAST_AUTO_CLOSE_MS = 5000;

export function moreNotificationsText(count: number): string {
  return `You've got ${count} more notification${count === 1 ? '' : 's'}`;
}

export interface NotificationStackContext<T = unknown> {
  /** The notification the toast shows. */
  current: T | null;
  /** Notifications that arrived after it. */
  more: number;
}

export type NotificationStackEvent<T = unknown> =
  | { type: 'NOTIFY'; notification: T }
  | { type: 'CLICK' }
  | { type: 'DISMISS' };

export const notificationStackMachine = setup({
  types: {
    context: {} as NotificationStackContext,
    events: {} as NotificationStackEvent,
  },
  actions: {
    show: assign(({ event }) => (event.type === 'NOTIFY' ? { current: event.notification, more: 0 } : {})),
    countMore: assign(({ context }) => ({ more: context.more + 1 })),
    reset: assign({ current: null, more: 0 }),
    /** Injected: what a click on the toast does. */
    openNotifications: () => undefined,
  },
  delays: {
    autoClose: TOAST_AUTO_CLOSE_MS,
  },
}).createMachine({
  id: 'notificationStack',
  description: 'Notification toasts: one shown, later ones counted, click runs a callback.',
  context: { current: null, more: 0 },
  initial: 'empty',
  states: {
    empty: {
      entry: 'reset',
      on: { NOTIFY: { target: 'showing', actions: 'show' } },
    },
    showing: {
      after: { autoClose: 'empty' },
      on: {
        // Re-entering restarts the auto-close, so a burst stays readable.
        NOTIFY: { target: 'showing', reenter: true, actions: 'countMore' },
        CLICK: { target: 'empty', actions: 'openNotifications' },
        DISMISS: 'empty',
      },
    },
  },
});

export type NotificationStackMachine = typeof notificationStackMachine;
