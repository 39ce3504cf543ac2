// Notifications (spec 2.4 notification centre, 2.6 notifications): the full list behind
// the popover's "See all": every notification of the user across their clients.
import { defineArea } from '../../src/host/area.ts';

export default defineArea({
  name: 'notifications',
  title: 'Notifications',
  // Messages of the platform itself (operators, the demo).
  notifications: { system: { title: 'A message from the platform' } },
  routes: [
    { path: 'notification/notifications', section: 'notification', title: 'Notifications', page: () => import('./web/notifications-page.tsx') },
    // "notifications: index redirects here": both section indexes land on the list.
    { path: 'notification', section: 'notification', title: 'Notifications', redirect: 'notification/notifications' },
    { path: 'notifications', section: 'notifications', title: 'Notifications', redirect: 'notification/notifications' },
  ],
});
