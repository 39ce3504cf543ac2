// File stores: the local folder and the S3-compatible store (SigV4 checked against the
// published AWS example, requests checked against a small stand-in S3 server).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStore, openFileStore, s3Store } from '../../src/server/files/index.ts';
import { EMPTY_SHA256, signRequest } from '../../src/server/files/sigv4.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'caas-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local store', () => {
  const store = localStore(path.join(dir, 'local'));
  it('puts, gets and deletes by key', async () => {
    await store.put('clients/abc/doc.pdf', Buffer.from('%PDF-1.7 hello'));
    expect((await store.get('clients/abc/doc.pdf'))?.toString()).toBe('%PDF-1.7 hello');
    await store.put('clients/abc/doc.pdf', Buffer.from('replaced'));
    expect((await store.get('clients/abc/doc.pdf'))?.toString()).toBe('replaced');
    await store.delete('clients/abc/doc.pdf');
    expect(await store.get('clients/abc/doc.pdf')).toBeNull();
    await store.delete('clients/abc/doc.pdf'); // deleting twice is fine
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../escape', '/etc/passwd', 'a/../../b', 'a//b', '', 'a/./b']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/invalid file key/);
    }
  });

  it('is the default when S3 is not configured', () => {
    expect(openFileStore({ s3: null, filesDir: dir }).kind).toBe('local');
  });
});

describe('SigV4', () => {
  it('signs the AWS documentation example (GET object with a range) to its published signature', () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA256,
      date: new Date('2013-05-24T00:00:00Z'),
    }, { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,'
      + 'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,'
      + 'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });
});

describe('S3 store', () => {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; auth: string; sha: string }[] = [];
  let server: Server;
  let endpoint: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, auth: String(req.headers.authorization ?? ''), sha: String(req.headers['x-amz-content-sha256'] ?? '') });
        if (!String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256 ')) { res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>'); return; }
        const key = req.url!;
        if (req.method === 'PUT') { objects.set(key, Buffer.concat(chunks)); res.writeHead(200).end(); return; }
        if (req.method === 'GET') {
          const o = objects.get(key);
          if (!o) { res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>'); return; }
          res.writeHead(200).end(o);
          return;
        }
        if (req.method === 'DELETE') { objects.delete(key); res.writeHead(204).end(); return; }
        res.writeHead(405).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('stores, reads and deletes objects with signed path-style requests', async () => {
    const store = s3Store({ endpoint, bucket: 'caas-files', region: 'eu-west-1', accessKeyId: 'AK', secretAccessKey: 'SK' });
    await store.put('clients/c1/report_final.pdf', Buffer.from('bytes'), { contentType: 'application/pdf' });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/caas-files/clients/c1/report_final.pdf' });
    expect(seen[0].auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AK\/\d{8}\/eu-west-1\/s3\/aws4_request,SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/);
    expect(seen[0].sha).toBe('277089d91c0bdf4f2e6862ba7e4a07605119431f5d13f726dd352b06f1b206a9');
    expect((await store.get('clients/c1/report_final.pdf'))?.toString()).toBe('bytes');
    expect(await store.get('clients/c1/missing.pdf')).toBeNull();
    await store.delete('clients/c1/report_final.pdf');
    expect(objects.size).toBe(0);
  });

  it('reports a refusal with the store\'s error code', async () => {
    const broken = s3Store({ endpoint, bucket: 'caas-files', region: 'eu-west-1', accessKeyId: 'AK', secretAccessKey: 'SK' },
      (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: 'none' } }));
    await expect(broken.put('x', Buffer.from('y'))).rejects.toThrow('S3 PUT x failed: 403 AccessDenied');
  });
});
