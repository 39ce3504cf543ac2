export * from './common.ts';
export * from './lists.ts';
export * from './membership.ts';
export * from './notifications.ts';
export * from './tab-registries.ts';
export * from './client.ts';
export * from './search.ts';
