// The shell's own routes and statecharts, declared like an area's so the registry derives
// them the same way: the client chooser, the signed-in user's profile (the client index
// lands there, spec 2.7) and the machine inspector. It declares no codes, groups or data.
import { ADMIN, defineArea } from '../host/area.ts';
import { coreMachines } from '../../machines/index.ts';

export const coreArea = defineArea({
  name: 'core',
  title: 'Shell',
  routes: [
    { path: 'define_client', section: 'define_client', title: 'Choose a client', global: true,
      page: () => import('./pages/define-client.tsx') },
    // Everyone signed in sees their own profile.
    { path: 'profile', section: 'profile', title: 'Profile', page: () => import('./pages/profile.tsx') },
    { path: 'admin/machines', section: 'admin', title: 'Machine inspector', access: ADMIN,
      page: () => import('./pages/machine-inspector.tsx') },
  ],
  machines: coreMachines,
  redirects: [{ from: '', to: 'profile' }],
});
