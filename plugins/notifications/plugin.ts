// Notifications (spec 2.4 notification centre, 2.6 notifications): the full list behind
// the popover's "See all". Pages come with this area's issue; until then the route is
// registered without a page (not available, 404).
import { definePlugin } from '../../src/host/plugin.ts';

export default definePlugin({
  name: 'notifications',
  title: 'Notifications',
  routes: [
    { path: 'notification/notifications', section: 'notification', title: 'Notifications' },
    // "notifications: index redirects here": both section indexes land on the list.
    { path: 'notification', section: 'notification', title: 'Notifications', redirect: 'notification/notifications' },
    { path: 'notifications', section: 'notifications', title: 'Notifications', redirect: 'notification/notifications' },
  ],
});
