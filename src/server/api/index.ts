// The core API (spec 7); paths are listed in docs/api.md.
import type { ApiRegistrar } from '../../host/server.ts';
import { registerAuditLogApi } from './audit-log.ts';
import { registerClientSettingsApi } from './client-settings.ts';
import { registerNotificationsApi } from './notifications.ts';
import { registerSearchApi } from './search.ts';
import { registerShellApi } from './shell.ts';
import { registerTabRegistriesApi } from './tab-registries.ts';

export function registerCoreApi(api: ApiRegistrar): void {
  registerShellApi(api);
  registerClientSettingsApi(api);
  registerNotificationsApi(api);
  registerTabRegistriesApi(api);
  registerSearchApi(api);
  registerAuditLogApi(api);
}
