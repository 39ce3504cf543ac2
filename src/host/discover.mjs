// Finds the areas: every folder under plugins/ (and under any extra plugin folders an
// operator names in PLUGIN_DIRS) with a plugin.ts (its manifest) and, optionally,
// server/index.ts (its server half). build.mjs and vitest.config.mjs turn the result into
// the virtual modules 'virtual:plugins' and 'virtual:server-plugins', so adding an area
// never edits a file outside its folder.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Plugin folders: <root>/plugins, then each path of PLUGIN_DIRS (separated like PATH). */
export function pluginDirs(root, env = process.env) {
  const extra = (env.PLUGIN_DIRS ?? '').split(path.delimiter).map((d) => d.trim()).filter(Boolean);
  return [path.join(root, 'plugins'), ...extra.map((d) => path.resolve(root, d))];
}

export function discoverPlugins(root, env = process.env) {
  const found = [];
  for (const dir of pluginDirs(root, env)) {
    if (!existsSync(dir)) continue;
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      if (!d.isDirectory() || !existsSync(path.join(dir, d.name, 'plugin.ts'))) continue;
      const server = path.join(dir, d.name, 'server', 'index.ts');
      found.push({
        name: d.name,
        dir: path.join(dir, d.name),
        manifest: path.join(dir, d.name, 'plugin.ts'),
        server: existsSync(server) ? server : null,
      });
    }
  }
  const seen = new Set();
  for (const p of found) {
    if (seen.has(p.name)) throw new Error(`two plugin folders are named ${p.name}`);
    seen.add(p.name);
  }
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Source of 'virtual:plugins': an array of every manifest, in folder-name order. */
export function webPluginsModule(root, env = process.env) {
  const list = discoverPlugins(root, env);
  const imports = list.map((p, i) => `import m${i} from ${JSON.stringify(p.manifest)};`).join('\n');
  return `${imports}\nexport default [${list.map((_, i) => `m${i}`).join(', ')}];\n`;
}

/**
 * Source of 'virtual:server-plugins': every area for the server, its server half where it
 * has one (whose manifest must be the folder's), else its manifest alone.
 */
export function serverPluginsModule(root, env = process.env) {
  const list = discoverPlugins(root, env);
  const lines = [];
  const items = [];
  list.forEach((p, i) => {
    lines.push(`import m${i} from ${JSON.stringify(p.manifest)};`);
    if (p.server) {
      lines.push(`import s${i} from ${JSON.stringify(p.server)};`);
      lines.push(`if (s${i}.area !== m${i}) throw new Error(${JSON.stringify(`${p.name}: server/index.ts must pass the folder's plugin.ts to defineServerPlugin`)});`);
      items.push(`s${i}`);
    } else {
      items.push(`{ area: m${i} }`);
    }
  });
  return `${lines.join('\n')}\nexport default [${items.join(', ')}];\n`;
}

/** Is this file an area's browser code (or the shell's), which the server never loads? */
export function isWebSource(root, file, env = process.env) {
  const rel = (d) => path.relative(d, file);
  if (!rel(path.join(root, 'src', 'web')).startsWith('..')) return true;
  return pluginDirs(root, env).some((d) => {
    const r = rel(d);
    return !r.startsWith('..') && r.split(path.sep)[1] === 'web';
  });
}
