// Types of discover.mjs (used by build.mjs, vitest.config.mjs and tests).
export interface DiscoveredArea { name: string; dir: string; manifest: string; server: string | null }
export function pluginDirs(root: string, env?: Record<string, string | undefined>): string[];
export function discoverPlugins(root: string, env?: Record<string, string | undefined>): DiscoveredArea[];
export function webPluginsModule(root: string, env?: Record<string, string | undefined>): string;
export function serverPluginsModule(root: string, env?: Record<string, string | undefined>): string;
export function isWebSource(root: string, file: string, env?: Record<string, string | undefined>): boolean;
