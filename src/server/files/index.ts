import type { Config } from '../context.ts';
import { localStore } from './local.ts';
import { s3Store } from './s3.ts';
import type { FileStore } from './store.ts';

export type { FileStore } from './store.ts';
export { localStore } from './local.ts';
export { s3Store } from './s3.ts';

export function openFileStore(config: Pick<Config, 's3' | 'filesDir'>): FileStore {
  return config.s3 ? s3Store(config.s3) : localStore(config.filesDir);
}
