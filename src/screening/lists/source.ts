// What a loader is given: a path, or a file already in memory (an upload). Also the text
// decoding and the hash used as a version when a file carries no date.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export type ListInput = string | { name: string; content: string | Uint8Array };

export interface SourceText {
  /** File name (base name for paths). */
  name: string;
  /** Path when read from disk, else the name. */
  where: string;
  text: string;
  bytes: Uint8Array;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('windows-1252');

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (older OFAC/BIS downloads). */
export function decode(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

export async function readInput(input: ListInput): Promise<SourceText> {
  if (typeof input === 'string') {
    const bytes = new Uint8Array(await readFile(input));
    return { name: path.basename(input), where: input, text: decode(bytes), bytes };
  }
  const bytes = typeof input.content === 'string' ? new TextEncoder().encode(input.content) : input.content;
  const text = typeof input.content === 'string' ? input.content : decode(input.content);
  return { name: input.name, where: input.name, text, bytes };
}

/** Short sha256 over the files, in the order given. */
export function hashVersion(sources: SourceText[]): string {
  const h = createHash('sha256');
  for (const s of sources) {
    h.update(s.name);
    h.update('\0');
    h.update(s.bytes);
  }
  return `sha256:${h.digest('hex').slice(0, 12)}`;
}

export function inputName(input: ListInput): string {
  return typeof input === 'string' ? path.basename(input) : input.name;
}

/** First line of a text, without its line end. */
export function firstLine(text: string): string {
  const nl = text.indexOf('\n');
  const line = nl === -1 ? text : text.slice(0, nl);
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** A short description of the start of a text, for error messages. */
export function preview(text: string, max = 60): string {
  const line = firstLine(text.replace(/^[\ufeff\ufffd]+/, '')).trim();
  return JSON.stringify(line.length > max ? `${line.slice(0, max)}…` : line);
}
