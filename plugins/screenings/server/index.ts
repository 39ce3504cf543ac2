// The server half of screenings: the screenings and their hits (tables screenings_checkups
// and screenings_hits), the API over them with one POST per screening kind, and one workflow
// step per kind. Kinds come from the `screenings.kinds` extension point (../kinds.ts): the
// server halves other areas contribute, beside the spec's kinds this area declares itself.
import { defineServerPlugin } from '../../../src/host/server.ts';
import area from '../plugin.ts';
import { registerCheckupsApi } from './checkups.ts';
import { screeningsMigrations } from './migrations.ts';
import { screeningSteps } from './steps.ts';

export default defineServerPlugin(area, {
  migrations: screeningsMigrations,
  api(api, host) {
    registerCheckupsApi(api, host);
  },
  workflowSteps: screeningSteps,
});
