// Finds the plugins: every folder under plugins/ with a plugin.ts (its browser manifest)
// and, optionally, server/index.ts (its server plugin). build.mjs and vitest.config.mjs
// turn the result into the virtual modules 'virtual:plugins' and 'virtual:server-plugins',
// so adding an area never edits a file outside its folder.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export function discoverPlugins(root) {
  const dir = path.join(root, 'plugins');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'plugin.ts')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const server = path.join(dir, name, 'server', 'index.ts');
      return {
        name,
        manifest: path.join(dir, name, 'plugin.ts'),
        server: existsSync(server) ? server : null,
      };
    });
}

/** Source of 'virtual:plugins': an array of every manifest, in folder order. */
export function webPluginsModule(root) {
  const list = discoverPlugins(root);
  const imports = list.map((p, i) => `import m${i} from ${JSON.stringify(p.manifest)};`).join('\n');
  return `${imports}\nexport default [${list.map((_, i) => `m${i}`).join(', ')}];\n`;
}

/** Source of 'virtual:server-plugins': an array of every server plugin. */
export function serverPluginsModule(root) {
  const list = discoverPlugins(root).filter((p) => p.server);
  const imports = list.map((p, i) => `import s${i} from ${JSON.stringify(p.server)};`).join('\n');
  return `${imports}\nexport default [${list.map((_, i) => `s${i}`).join(', ')}];\n`;
}
