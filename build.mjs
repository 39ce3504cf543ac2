// Builds the product with esbuild: the browser bundle (split per plugin: each page is a
// lazy chunk) into dist/web, and the server bundle into dist/server (the server, main.mjs,
// and the administration command line, admin.mjs).
//   node build.mjs            production build
//   node build.mjs --dev      unminified, with source maps
import * as esbuild from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isWebSource, serverPluginsModule, webPluginsModule } from './src/host/discover.mjs';

const root = import.meta.dirname;
const dev = process.argv.includes('--dev');
const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;

const virtualPlugins = {
  name: 'virtual-plugins',
  setup(build) {
    const mods = { 'virtual:plugins': webPluginsModule, 'virtual:server-plugins': serverPluginsModule };
    build.onResolve({ filter: /^virtual:/ }, (a) => ({ path: a.path, namespace: 'virtual' }));
    build.onLoad({ filter: /.*/, namespace: 'virtual' }, (a) => ({
      contents: mods[a.path](root), resolveDir: root, loader: 'ts',
    }));
  },
};

export async function buildWeb() {
  const outdir = path.join(root, 'dist/web');
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await esbuild.build({
    entryPoints: { app: 'src/web/main.tsx', 'session-worker': 'src/web/session/worker.ts' },
    absWorkingDir: root,
    outdir: path.join(outdir, 'assets'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome120', 'firefox120', 'safari16'],
    minify: !dev,
    sourcemap: dev ? 'inline' : false,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'files/[name]-[hash]',
    loader: { '.svg': 'file', '.woff2': 'file', '.png': 'file' },
    jsx: 'automatic',
    metafile: true,
    define: {
      'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production'),
      __APP_VERSION__: JSON.stringify(version),
    },
    plugins: [virtualPlugins],
    logLevel: 'warning',
  });
  // index.html names the hashed entry files; the server fills in the CSP nonce and config.
  const outputs = Object.entries(result.metafile.outputs);
  const entry = (name) => outputs.find(([, o]) => o.entryPoint === name);
  const [appJs, appOut] = entry('src/web/main.tsx');
  const [workerJs] = entry('src/web/session/worker.ts');
  const rel = (p) => '/' + path.relative(outdir, path.join(root, p)).split(path.sep).join('/');
  const css = appOut.cssBundle ? `<link rel="stylesheet" href="${rel(appOut.cssBundle)}">` : '';
  writeFileSync(path.join(outdir, 'index.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Compliance as a service</title>${css}
<script nonce="%NONCE%">window.__APP__=%APP_CONFIG%;</script>
<script type="module" nonce="%NONCE%" src="${rel(appJs)}"></script></head>
<body><div id="root"></div></body></html>
`);
  writeFileSync(path.join(outdir, 'manifest.json'), JSON.stringify({ app: rel(appJs), worker: rel(workerJs) }, null, 2));
  writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));
  return result;
}

// The server reads every manifest (guards, codes, machines), whose pages are lazy imports of
// browser code: those stay out of the server bundle (a stub that is never called).
const webStubs = {
  name: 'web-stubs',
  setup(build) {
    build.onResolve({ filter: /\.tsx?$/ }, (a) => {
      if (a.kind !== 'dynamic-import' || !a.resolveDir) return null;
      const file = path.resolve(a.resolveDir, a.path);
      return isWebSource(root, file) ? { path: file, namespace: 'web-stub' } : null;
    });
    build.onLoad({ filter: /.*/, namespace: 'web-stub' }, () => ({
      contents: 'throw new Error("browser code is not loaded on the server");', loader: 'js',
    }));
  },
};

export async function buildServer() {
  const outdir = path.join(root, 'dist/server');
  rmSync(outdir, { recursive: true, force: true });
  return esbuild.build({
    entryPoints: { main: 'src/server/main.ts', admin: 'src/server/admin.ts' },
    absWorkingDir: root,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    sourcemap: true,
    define: { __APP_VERSION__: JSON.stringify(version) },
    plugins: [virtualPlugins, webStubs],
    logLevel: 'warning',
  });
}

/** The screening command line (npm run screen), bundled: run from sources, Node's type stripping alone holds ~35 MB. */
export async function buildScreen() {
  return esbuild.build({
    entryPoints: { cli: 'src/screening/cli.ts' },
    absWorkingDir: root,
    outdir: path.join(root, 'dist/screen'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const which = process.argv.find((a) => a === 'web' || a === 'server' || a === 'screen');
  if (!which || which === 'web') await buildWeb();
  if (!which || which === 'server') await buildServer();
  if (!which || which === 'screen') await buildScreen();
}
