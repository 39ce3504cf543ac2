import { describe, expect, it } from 'vitest';
import { CsvReader, readCsv } from '../../../src/screening/lists/csv.ts';

const rows = (text: string, options?: Parameters<typeof readCsv>[1]) => [...readCsv(text, options)];

describe('CSV reader', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks inside (RFC 4180)', () => {
    const r = rows('a,"b, c","say ""hi""","two\nlines"\nx,y,z,w\n');
    expect(r.map((x) => x.fields)).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines'],
      ['x', 'y', 'z', 'w'],
    ]);
    // The second record starts on line 3 because the first spans two lines.
    expect(r.map((x) => x.line)).toEqual([1, 3]);
  });

  it('takes any one-character delimiter: semicolon and tab', () => {
    expect(rows('a;"b;c";d', { delimiter: ';' }).map((x) => x.fields)).toEqual([['a', 'b;c', 'd']]);
    expect(rows('"Name"\t"City"\r\n"A, B"\t"X"\r\n', { delimiter: '\t' }).map((x) => x.fields)).toEqual([
      ['Name', 'City'],
      ['A, B', 'X'],
    ]);
  });

  it('handles CRLF, a missing final line end and skips blank lines', () => {
    const r = rows('a,b\r\n\r\nc,d');
    expect(r.map((x) => x.fields)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(r.map((x) => x.line)).toEqual([1, 3]);
  });

  it("stops at OFAC's \\x1a end-of-file marker", () => {
    const r = rows('36,"AEROCARIBBEAN AIRLINES",-0- \r\n173,"ANGLO",-0- \r\n\x1a');
    expect(r).toHaveLength(2);
    expect(r[1]!.fields).toEqual(['173', 'ANGLO', '-0- ']);
  });

  it('drops a BOM or U+FFFD junk before the header', () => {
    expect(rows('\ufefftracking_number,last_name\n1,Doe\n')[0]!.fields).toEqual(['tracking_number', 'last_name']);
    expect(rows('\ufffd\ufffd\ufffdtracking_number,last_name\n')[0]!.fields).toEqual(['tracking_number', 'last_name']);
  });

  it('gives the same rows when fed in small chunks as when fed whole', () => {
    const text = 'id,name,note\r\n1,"Smith, ""JJ""","multi\nline"\r\n2,Doe,\r\n3,"x",y';
    const whole = rows(text);
    for (const size of [1, 2, 3, 7]) {
      const reader = new CsvReader();
      const got = [];
      for (let i = 0; i < text.length; i += size) got.push(...reader.push(text.slice(i, i + size)));
      got.push(...reader.end());
      expect(got).toEqual(whole);
    }
  });

  it('in single-line mode an unclosed quote costs its own row only, and is flagged', () => {
    const r = rows('1,"ok"\n2,"broken\n3,"fine"\n', { multiline: false });
    expect(r.map((x) => x.fields[0])).toEqual(['1', '2', '3']);
    expect(r[1]!.error).toMatch(/unterminated/);
    expect(r[0]!.error).toBeUndefined();
    expect(r[2]!.fields).toEqual(['3', 'fine']);
  });

  it('flags an unclosed quote at the end of input in multi-line mode', () => {
    const r = rows('a,b\n1,"never closed\n2,x\n');
    expect(r).toHaveLength(2);
    expect(r[1]!.error).toMatch(/unterminated/);
  });
});
