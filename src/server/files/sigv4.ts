// AWS Signature Version 4 for S3-compatible stores (AWS, MinIO, Ceph, R2 …): the request
// is described canonically, hashed, and signed with a key derived from the secret, the
// date, the region and the service.
import { createHash, createHmac } from 'node:crypto';

export interface SigV4Credentials { accessKeyId: string; secretAccessKey: string; region: string; service?: string }

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ (and '/' in paths). */
export function uriEncode(s: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

export function amzDate(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * Returns the headers to add: x-amz-date, x-amz-content-sha256 and authorization. Every
 * header passed in (host included) is signed.
 */
export function signRequest(req: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  date?: Date;
}, cred: SigV4Credentials): Record<string, string> {
  const service = cred.service ?? 's3';
  const stamp = amzDate(req.date ?? new Date());
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = String(v).trim().replace(/\s+/g, ' ');
  headers.host ??= req.url.host;
  headers['x-amz-date'] = stamp;
  headers['x-amz-content-sha256'] = req.payloadHash;

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]}\n`).join('');
  const signedHeaders = names.join(';');
  const query = [...req.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const path = uriEncode(decodeURIComponent(req.url.pathname), true) || '/';
  const canonical = [req.method.toUpperCase(), path, query, canonicalHeaders, signedHeaders, req.payloadHash].join('\n');

  const scope = `${day}/${cred.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac('AWS4' + cred.secretAccessKey, day), cred.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    'x-amz-date': stamp,
    'x-amz-content-sha256': req.payloadHash,
    authorization: `AWS4-HMAC-SHA256 Credential=${cred.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}
