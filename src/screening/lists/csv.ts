// A small CSV reader for the list files: RFC 4180 quoting, any one-character delimiter,
// LF or CRLF line ends, and the quirks of published lists (a BOM or U+FFFD junk before the
// header, OFAC's trailing \x1a EOF marker). It works on chunks, so a caller can feed it a
// stream, and it reports the 1-based line each record starts on so rejects can name it.

export interface CsvRow {
  fields: string[];
  /** 1-based line number of the first line of the record. */
  line: number;
  /** Set when the record is broken (e.g. a quote never closed); the fields are best effort. */
  error?: string;
}

export interface CsvOptions {
  /** ',' (default), ';', '\t' … */
  delimiter?: string;
  /**
   * Whether a quoted field may span lines (true by default). Lists that never do (OFAC,
   * BIS, FinCEN) turn it off so one unclosed quote costs one row instead of the rest of the
   * file.
   */
  multiline?: boolean;
}

const QUOTE = 34; // "
const CR = 13;
const LF = 10;
const EOF_MARK = 0x1a; // OFAC ends its files with ^Z

/** Characters some publishers leave before the header (BOM, replacement characters). */
function isJunk(code: number): boolean {
  return code === 0xfeff || code === 0xfffd;
}

export class CsvReader {
  private readonly delim: number;
  private readonly multiline: boolean;
  private buf = '';
  private line = 1;
  private started = false;
  private done = false;

  constructor(options: CsvOptions = {}) {
    const d = options.delimiter ?? ',';
    if (d.length !== 1) throw new Error(`CSV delimiter must be one character, got ${JSON.stringify(d)}`);
    this.delim = d.charCodeAt(0);
    this.multiline = options.multiline ?? true;
  }

  /** Feed a chunk; yields every record completed by it. */
  *push(chunk: string): Generator<CsvRow> {
    if (this.done) return;
    this.buf = this.buf.length ? this.buf + chunk : chunk;
    yield* this.drain(false);
  }

  /** Signal the end of input; yields the last record if it had no line end. */
  *end(): Generator<CsvRow> {
    if (this.done) return;
    yield* this.drain(true);
    this.done = true;
    this.buf = '';
  }

  private *drain(final: boolean): Generator<CsvRow> {
    let s = this.buf;
    let pos = 0;
    if (!this.started) {
      while (pos < s.length && isJunk(s.charCodeAt(pos))) pos++;
      if (pos === s.length && !final) {
        this.buf = '';
        return;
      }
      this.started = true;
    }
    const n = s.length;
    while (pos < n) {
      if (s.charCodeAt(pos) === EOF_MARK) {
        this.done = true;
        this.buf = '';
        return;
      }
      const rec = this.scan(s, pos, final);
      if (!rec) break; // incomplete: wait for more input
      pos = rec.next;
      const row: CsvRow = { fields: rec.fields, line: this.line };
      if (rec.error) row.error = rec.error;
      this.line += rec.lines;
      // A blank line is not a record.
      if (!(rec.fields.length === 1 && rec.fields[0] === '' && !rec.quoted)) yield row;
    }
    this.buf = pos >= n ? '' : s.slice(pos);
  }

  /**
   * Reads one record starting at `start`. Returns null when the record is not complete
   * and more input may follow.
   */
  private scan(
    s: string,
    start: number,
    final: boolean,
  ): { fields: string[]; next: number; lines: number; quoted: boolean; error?: string } | null {
    const n = s.length;
    const delim = this.delim;
    const fields: string[] = [];
    let pos = start;
    let lines = 1;
    let quotedAny = false;
    for (;;) {
      // One field.
      if (pos < n && s.charCodeAt(pos) === QUOTE) {
        quotedAny = true;
        let value = '';
        let from = pos + 1;
        // Single-line lists: the line end bounds the field even inside quotes.
        const nl = this.multiline ? -1 : s.indexOf('\n', from);
        for (;;) {
          const q = s.indexOf('"', from);
          if (nl !== -1 && (q === -1 || nl < q)) {
            let end = nl;
            if (end > from && s.charCodeAt(end - 1) === CR) end--;
            fields.push(value + s.slice(from, end));
            return { fields, next: nl + 1, lines, quoted: true, error: 'unterminated quoted field' };
          }
          if (q === -1) {
            if (!final) return null;
            value += s.slice(from);
            fields.push(value);
            return { fields, next: n, lines: lines + countLf(value, 0, value.length), quoted: true, error: 'unterminated quoted field' };
          }
          if (q + 1 >= n && !final) return null; // can't tell "" from " yet
          if (s.charCodeAt(q + 1) === QUOTE) {
            value += s.slice(from, q + 1);
            from = q + 2;
            continue;
          }
          value += s.slice(from, q);
          pos = q + 1;
          break;
        }
        if (this.multiline) lines += countLf(value, 0, value.length);
        // Text between the closing quote and the delimiter is kept (lenient, like most readers).
        let j = pos;
        while (j < n) {
          const c = s.charCodeAt(j);
          if (c === delim || c === LF || c === CR) break;
          j++;
        }
        if (j >= n && !final) return null;
        if (j > pos) {
          let tail = s.slice(pos, j);
          if (tail.charCodeAt(tail.length - 1) === EOF_MARK) tail = tail.slice(0, -1);
          value += tail;
          pos = j;
        }
        fields.push(value);
      } else {
        let j = pos;
        while (j < n) {
          const c = s.charCodeAt(j);
          if (c === delim || c === LF || c === CR) break;
          j++;
        }
        if (j >= n && !final) return null;
        let v = s.slice(pos, j);
        // OFAC's ^Z after the last line end is handled by the caller; one glued to a value is dropped.
        if (v.length && v.charCodeAt(v.length - 1) === EOF_MARK) v = v.slice(0, -1);
        fields.push(v);
        pos = j;
      }
      // After a field: delimiter, line end or end of input.
      if (pos >= n) {
        if (!final) return null;
        return { fields, next: n, lines, quoted: quotedAny };
      }
      const c = s.charCodeAt(pos);
      if (c === delim) {
        pos++;
        continue;
      }
      if (c === CR) {
        if (pos + 1 >= n && !final) return null;
        pos += s.charCodeAt(pos + 1) === LF ? 2 : 1;
        return { fields, next: pos, lines, quoted: quotedAny };
      }
      // LF
      return { fields, next: pos + 1, lines, quoted: quotedAny };
    }
  }
}

function countLf(s: string, from: number, to: number): number {
  let k = 0;
  for (let i = s.indexOf('\n', from); i !== -1 && i < to; i = s.indexOf('\n', i + 1)) k++;
  return k;
}

/** Reads a whole text. */
export function* readCsv(text: string, options?: CsvOptions): Generator<CsvRow> {
  const r = new CsvReader(options);
  yield* r.push(text);
  yield* r.end();
}

/** Reads a stream of text chunks (e.g. a file stream with setEncoding). */
export async function* readCsvStream(chunks: AsyncIterable<string>, options?: CsvOptions): AsyncGenerator<CsvRow> {
  const r = new CsvReader(options);
  for await (const chunk of chunks) yield* r.push(chunk);
  yield* r.end();
}
