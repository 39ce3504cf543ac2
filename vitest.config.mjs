import { defineConfig } from 'vitest/config';
import { serverPluginsModule, webPluginsModule } from './src/host/discover.mjs';

const root = import.meta.dirname;
const virtual = {
  'virtual:plugins': () => webPluginsModule(root),
  'virtual:server-plugins': () => serverPluginsModule(root),
};

export default defineConfig({
  plugins: [{
    name: 'plugins',
    resolveId: (id) => (id in virtual ? '\0' + id : null),
    load: (id) => (id.startsWith('\0') && id.slice(1) in virtual ? virtual[id.slice(1)]() : null),
  }],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The database fault tests restart the PostgreSQL server: they run last, alone, so
    // no other test file sees the outage.
    projects: [
      { extends: true, test: { name: 'tests', include: ['tests/**/*.test.{ts,tsx}'], exclude: ['**/node_modules/**', 'tests/api/faults.test.ts'] } },
      { extends: true, test: { name: 'faults', include: ['tests/api/faults.test.ts'], sequence: { groupOrder: 1 } } },
    ],
  },
});
