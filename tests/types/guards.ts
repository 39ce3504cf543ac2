// Type-level checks (run by `npm run typecheck`, part of `npm test`): a code, feature or
// guard name no area declares is a type error where it is written. Each line below must
// fail to compile; an @ts-expect-error that meets no error fails the check.
import { defineArea } from '../../src/host/area.ts';
import { defineServerPlugin } from '../../src/host/server.ts';

const area = defineArea({
  name: 'type-checks',
  title: 'Type checks',
  guards: { manage: { access: 'CLIENT_MANAGE' } },
  routes: [
    // @ts-expect-error a permission code no area declares
    { path: 'a', section: 'a', title: 'A', access: 'MAKE_COFFEE' },
    // @ts-expect-error a feature no area declares
    { path: 'b', section: 'b', title: 'B', feature: 'TIME_TRAVEL' },
    // @ts-expect-error a guard this area does not declare
    { path: 'c', section: 'c', title: 'C', guard: 'manages' },
    { path: 'd', section: 'd', title: 'D', guard: 'manage' },
  ],
});

export const plugin = defineServerPlugin(area, {
  api(api) {
    // @ts-expect-error an API route naming a guard the manifest does not declare
    api.get('/x', { scope: 'tenant', guard: 'nope' }, async () => null);
    // @ts-expect-error an API route with an undeclared code
    api.get('/y', { scope: 'tenant', access: ['SEE_TM', 'SEE_EVERYTHING'] }, async () => null);
    api.get('/z', { scope: 'tenant', guard: 'manage' }, async () => null);
  },
});
