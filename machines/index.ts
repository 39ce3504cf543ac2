// Every core statechart, for the plugin host and the machine inspector page.
import type { MachineDef } from '../src/host/plugin.ts';
import { exportPollingMachine } from './export-polling.ts';
import { filterTemplatesMachine } from './filter-templates.ts';
import { notificationStackMachine } from './notification-stack.ts';
import { realtimeConnectionMachine } from './realtime-connection.ts';
import { realtimeSubscriptionMachine } from './realtime-subscription.ts';
import { sessionMachine } from './session.ts';
import { timeoutDialogMachine } from './timeout-dialog.ts';
import { tmCaseStatusMachine } from './tm-case-status.ts';

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
    id: 'export-polling',
    description: 'Export request: polls every 5 s up to 18 times, then downloads, fails or warns.',
    machine: exportPollingMachine,
  },
  {
    id: 'tm-case-status',
    description: 'Transaction-monitoring case status: pre-open, open, pre-closed, closed.',
    machine: tmCaseStatusMachine,
    stored: { objectType: 'TmCase' },
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
  exportPollingMachine, filterTemplatesMachine, notificationStackMachine, realtimeConnectionMachine,
  realtimeSubscriptionMachine, sessionMachine, timeoutDialogMachine, tmCaseStatusMachine,
};
