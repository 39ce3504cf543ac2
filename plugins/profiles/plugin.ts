// Profiles (spec 2.6 profile/*): customer profiles, the blacklist of profiles and the
// user's export requests (with the top bar's export-requests icon). Profile pages come with
// the screenings issue; until then those routes are registered without a page (404). The
// signed-in user's own page, /{client_id}/profile, is the shell's. The export statechart
// (create, poll every 5 s up to 18 times, download; spec 4) comes with the first list that
// exports: nothing creates an export request yet.
import { defineArea, type CodesOf, type KeysOf } from '../../src/host/area.ts';

const permissions = [
  'SEE_PROFILES_LIST', 'SEE_PROFILE', 'SEE_PROFILE_CONFIDENTIAL', 'MANAGE_PROFILE',
  'MANAGE_BLACKLIST_PROFILES',
] as const;
const features = {
  BLACKLISTED_PROFILES: 'blacklisted profiles',
} as const;

declare module '../../src/host/registries.ts' {
  interface PermissionRegistry extends CodesOf<typeof permissions> {}
  interface FeatureRegistry extends KeysOf<typeof features> {}
}

const section = 'profile';

export default defineArea({
  name: 'profiles',
  title: 'Profiles',
  permissions,
  features,
  routes: [
    { path: 'profile/profiles', section, title: 'Profiles', access: 'SEE_PROFILES_LIST' },
    { path: 'profile/profiles/:id', section, title: 'Profile information', access: 'SEE_PROFILE' },
    { path: 'profile/blacklist', section, title: 'Blacklist Profiles',
      access: 'MANAGE_BLACKLIST_PROFILES', feature: 'BLACKLISTED_PROFILES' },
    // Everyone signed in sees their own export requests.
    { path: 'profile/export_requests', section, title: 'Export requests', page: () => import('./web/export-requests-page.tsx') },
  ],
  lists: ['export_requests'],
  notifications: {
    export: {
      title: 'Your export is ready',
      refresh: (_msg, clientId) => [['clients', clientId, 'export_requests']],
      link: () => 'profile/export_requests',
    },
  },
  shell: {
    topBar: [{ id: 'export-requests', order: 30, placement: 'end', component: () => import('./web/export-requests-icon.tsx') }],
  },
  menu: {
    entries: [
      // Between Periodic review (40) and Identity Verifications (60) of spec 2.5.
      { group: 'case_management', title: 'Profiles', to: 'profile/profiles', order: 50 },
      { group: 'compliance_toolset/tools', title: 'Blacklist Profiles', to: 'profile/blacklist', order: 20, tabBar: 'blacklist' },
    ],
  },
});
