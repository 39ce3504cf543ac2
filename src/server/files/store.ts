// One interface over where file bytes live: a local folder by default, any S3-compatible
// store when configured. Keys are opaque paths chosen by the server (never by a user).
export interface FileStore {
  kind: 'local' | 's3';
  put(key: string, body: Uint8Array, opts?: { contentType?: string }): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are relative paths of plain segments: no '..', no leading '/', nothing to escape. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.length > 512 || key.split('/').some((s) => s === '.' || s === '..')) {
    throw new Error(`invalid file key: ${JSON.stringify(key)}`);
  }
  return key;
}
