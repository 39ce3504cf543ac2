// Results a handler may return instead of JSON data: a file download. The registrar
// sends it as is (no success wrapper), after the transaction committed.
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

const RAW = Symbol.for('compliance.raw');

export interface RawResult {
  readonly [RAW]: true;
  send(reply: FastifyReply): FastifyReply;
}

export function isRawResult(v: unknown): v is RawResult {
  return typeof v === 'object' && v !== null && (v as Record<symbol, unknown>)[RAW] === true;
}

/** A download: attachment by default, never sniffed, never cached by shared caches. */
export function fileResult(f: { body: Buffer | Uint8Array | Readable; contentType: string; fileName: string; inline?: boolean }): RawResult {
  return {
    [RAW]: true,
    send(reply) {
      const name = f.fileName.replace(/[\r\n"]/g, '_');
      const ascii = name.replace(/[^\x20-\x7e]/g, '_');
      return reply
        .header('content-type', f.contentType)
        .header('content-disposition', `${f.inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(f.body);
    },
  };
}
