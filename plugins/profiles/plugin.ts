// Profiles (spec 2.6 profile/*): the signed-in user's own profile page (the client index
// lands here, spec 2.7), customer profiles, the blacklist of profiles and the user's export
// requests. Pages come with this area's issue; until then every route is registered
// without a page (not available, 404). The shell's profile page (src/web/pages/profile.tsx)
// is attached to the 'profile' route by the lead.
import { definePlugin } from '../../src/host/plugin.ts';

const section = 'profile';

export default definePlugin({
  name: 'profiles',
  title: 'Profiles',
  routes: [
    // Everyone signed in sees their own profile and their own export requests.
    { path: 'profile', section, title: 'Profile', page: () => import('../../src/web/pages/profile.tsx') },
    { path: 'profile/profiles', section, title: 'Profiles', access: 'SEE_PROFILES_LIST' },
    { path: 'profile/profiles/:id', section, title: 'Profile information', access: 'SEE_PROFILE' },
    { path: 'profile/blacklist', section, title: 'Blacklist Profiles',
      access: 'MANAGE_BLACKLIST_PROFILES', feature: 'BLACKLISTED_PROFILES' },
    { path: 'profile/export_requests', section, title: 'Export requests', page: () => import('./web/export-requests-page.tsx') },
  ],
  menu: {
    entries: [
      // Between Periodic review (40) and Identity Verifications (60) of spec 2.5.
      { group: 'case_management', title: 'Profiles', to: 'profile/profiles', order: 50 },
      { group: 'compliance_toolset/tools', title: 'Blacklist Profiles', to: 'profile/blacklist', order: 20, tabBar: 'blacklist' },
    ],
  },
  permissions: [
    'SEE_PROFILES_LIST', 'SEE_PROFILE', 'SEE_PROFILE_CONFIDENTIAL', 'MANAGE_PROFILE',
    'MANAGE_BLACKLIST_PROFILES',
  ],
  features: ['BLACKLISTED_PROFILES'],
  redirects: [
    // Spec 2.7: the client index goes to the profile page.
    { from: '', to: 'profile' },
  ],
});
