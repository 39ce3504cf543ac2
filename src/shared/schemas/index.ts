// Every schema browser and server agree on, from one place.
export * from './common.ts';
export * from './lists.ts';
export * from './membership.ts';
export * from './notifications.ts';
export * from './tab-registries.ts';
export * from './client.ts';
export * from './search.ts';
export * from './client-settings.ts';
export * from './administration.ts';
