declare module 'virtual:plugins' {
  const manifests: import('./area.ts').AreaManifest[];
  export default manifests;
}
declare module 'virtual:server-plugins' {
  const plugins: import('./server.ts').ServerPlugin[];
  export default plugins;
}
