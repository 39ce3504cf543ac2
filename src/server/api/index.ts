// The core API (spec 7); paths are listed in docs/api.md. The areas' APIs come with their
// plugins (the workflow API with the flow builder's area, under its guards).
import type { ApiRegistrar } from '../../host/server.ts';
import { registerNotificationsApi } from './notifications.ts';
import { registerShellApi } from './shell.ts';
import { registerTabRegistriesApi } from './tab-registries.ts';
import { registerMachinesApi } from './machines.ts';
import type { StoredMachine } from '../host-services.ts';

export function registerCoreApi(api: ApiRegistrar, host: { storedMachines: ReadonlyMap<string, StoredMachine> }): void {
  registerShellApi(api);
  registerNotificationsApi(api);
  registerTabRegistriesApi(api);
  registerMachinesApi(api, host.storedMachines);
}
