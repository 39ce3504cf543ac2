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
    include: ['tests/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
