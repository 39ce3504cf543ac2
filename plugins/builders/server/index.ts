// The server half of the builders area: for now the workflow engine's API (flow
// definitions, their versions, flow instances, step types), under this area's guards. The
// engine itself is the core's (src/server/workflows); areas contribute step types.
import { defineServerPlugin } from '../../../src/host/server.ts';
import area from '../plugin.ts';

export default defineServerPlugin(area, {
  api(api, host) {
    host.registerWorkflowApi(api, { read: 'flowsRead', write: 'flowsWrite', publish: 'flowsPublish', instances: 'flowRuns' });
  },
});
