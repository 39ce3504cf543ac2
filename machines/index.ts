// Every core statechart, for the shell's registry and the machine inspector page. Areas
// register their own machines from their manifests.
import type { MachineDef } from '../src/host/area.ts';
import { filterTemplatesMachine } from './filter-templates.ts';
import { notificationStackMachine } from './notification-stack.ts';
import { realtimeConnectionMachine } from './realtime-connection.ts';
import { realtimeSubscriptionMachine } from './realtime-subscription.ts';
import { sessionMachine } from './session.ts';
import { timeoutDialogMachine } from './timeout-dialog.ts';

export const coreMachines: MachineDef[] = [
  {
    id: 'session',
    description: 'Session worker: ready, connected, warning two minutes before the idle end, finished.',
    machine: sessionMachine,
  },
  {
    id: 'realtime-connection',
    description: 'Realtime connection: disconnected, connecting, connected; reconnects 1 s to 20 s apart.',
    machine: realtimeConnectionMachine,
  },
  {
    id: 'realtime-subscription',
    description: 'Realtime subscription: unsubscribed, subscribing, subscribed; resubscribes at least 1 s apart.',
    machine: realtimeSubscriptionMachine,
  },
  {
    id: 'filter-templates',
    description: 'Filter templates: 50 per registry, 5 favorites, empty filter values dropped.',
    machine: filterTemplatesMachine,
  },
  {
    id: 'timeout-dialog',
    description: 'Session-expiry overlay: countdown, Continue (refresh) or Log out.',
    machine: timeoutDialogMachine,
  },
  {
    id: 'notification-stack',
    description: 'Notification toasts: one shown, later ones counted, click runs a callback.',
    machine: notificationStackMachine,
  },
];

export {
  filterTemplatesMachine, notificationStackMachine, realtimeConnectionMachine,
  realtimeSubscriptionMachine, sessionMachine, timeoutDialogMachine,
};
