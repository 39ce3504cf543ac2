// The browser half of the host's surface: what an area's pages (lazy chunks) build with.
// Import it from page modules only, never from plugin.ts: the toolkit it brings (Primer,
// react-hook-form) must stay out of the first page.
export type { PageProps } from './area.ts';

// The generic list / detail / form toolkit (docs/plugins.md, "The toolkit").
export * from '../web/toolkit/index.ts';
export { formatMoney, parseAmount } from '../web/prefs/money.ts';

// The current client and user.
export { bootstrapKey, clientKey, useMe, useClient, useClientHref, useGrants, useOptionalClient, type ClientState } from '../web/state/client.tsx';
export { roleName, type Me } from '../web/state/grants.ts';
export { isAllowed, hasAccess, type Grants } from '../shared/access.ts';

// The API client and its response cache.
export {
  api, ApiError, clientPath, del, fetchQuery, get, invalidate, isCached, loginUrl, patch, post, put, setQueryData, useQuery,
  type Envelope, type ListMeta, type QueryKey, type QueryParams, type QueryResult,
} from '../web/api-client.ts';

// Statecharts running in this browser, tracked for the machine inspector.
export { startTracked, useTrackedMachine } from '../web/state/actors.ts';
export { acceptedEvents } from '../web/state/machine-actions.ts';

// Full-page pieces for routes outside the shell (root-level pages such as /onboarding).
export { Logo } from '../web/screens/logo.tsx';
export { FullScreenLoader } from '../web/screens/loader.tsx';
export { COPYRIGHT, TAGLINE } from '../web/brand.ts';
export { logout } from '../web/shell/logout.ts';

// The notification centre's calls, for the full notifications page.
export * as notificationsApi from '../web/shell/notifications-api.ts';

// The registry: what the areas declared (codes, features, lists …) and the menu derived from it.
export { registry } from './registry.ts';
