// An S3-compatible store over fetch with SigV4 signing. Path-style URLs
// (endpoint/bucket/key) work with AWS and with self-hosted stores alike.
import type { Config } from '../context.ts';
import { signRequest, sha256Hex, EMPTY_SHA256 } from './sigv4.ts';
import { checkKey, type FileStore } from './store.ts';

type S3Config = NonNullable<Config['s3']>;

export function s3Store(cfg: S3Config, fetchImpl: typeof fetch = fetch): FileStore {
  const base = cfg.endpoint.replace(/\/+$/, '');
  const urlOf = (key: string) => new URL(`${base}/${cfg.bucket}/${checkKey(key).split('/').map(encodeURIComponent).join('/')}`);

  async function call(method: string, key: string, body?: Uint8Array, contentType?: string): Promise<Response> {
    const url = urlOf(key);
    const headers: Record<string, string> = { host: url.host };
    if (contentType) headers['content-type'] = contentType;
    const signed = signRequest({ method, url, headers, payloadHash: body ? sha256Hex(body) : EMPTY_SHA256 }, cfg);
    return fetchImpl(url, { method, headers: { ...headers, ...signed }, body: body as BodyInit | undefined });
  }

  async function failure(res: Response, what: string): Promise<Error> {
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    return new Error(`S3 ${what} failed: ${res.status}${code ? ` ${code}` : ''}`);
  }

  return {
    kind: 's3',
    async put(key, body, opts) {
      const res = await call('PUT', key, body, opts?.contentType ?? 'application/octet-stream');
      if (!res.ok) throw await failure(res, `PUT ${key}`);
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await call('GET', key);
      if (res.status === 404) { await res.arrayBuffer(); return null; }
      if (!res.ok) throw await failure(res, `GET ${key}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await call('DELETE', key);
      if (!res.ok && res.status !== 404) throw await failure(res, `DELETE ${key}`);
      await res.arrayBuffer();
    },
  };
}
