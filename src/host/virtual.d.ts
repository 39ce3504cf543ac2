declare module 'virtual:plugins' {
  const manifests: import('./plugin.ts').PluginManifest[];
  export default manifests;
}
declare module 'virtual:server-plugins' {
  const plugins: import('./server.ts').ServerPlugin[];
  export default plugins;
}
