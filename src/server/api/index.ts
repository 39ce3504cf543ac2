// The core API (spec 7); paths are listed in docs/api.md.
import type { ApiRegistrar } from '../../host/server.ts';
import { registerAuditLogApi } from './audit-log.ts';
import { registerClientSettingsApi } from './client-settings.ts';
import { registerNotificationsApi } from './notifications.ts';
import { registerSearchApi } from './search.ts';
import { registerShellApi } from './shell.ts';
import { registerTabRegistriesApi } from './tab-registries.ts';
import { registerWorkflowsApi } from './workflows.ts';
import { collectWorkflowSteps, type StepRegistry } from '../workflows/registry.ts';
import { coreWorkflowSteps } from '../workflows/steps/core.ts';

/** workflowSteps: every step type (core and plugins); the core's alone when not given. */
export function registerCoreApi(api: ApiRegistrar, services: { workflowSteps?: StepRegistry } = {}): void {
  registerShellApi(api);
  registerClientSettingsApi(api);
  registerNotificationsApi(api);
  registerTabRegistriesApi(api);
  registerSearchApi(api);
  registerAuditLogApi(api);
  registerWorkflowsApi(api, { registry: services.workflowSteps ?? collectWorkflowSteps(coreWorkflowSteps, []) });
}
