// The command line: output shape of match and compare, and one-line errors with status 1.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(root, 'src/screening/cli.ts');
let dir = '';

function run(...args: string[]) {
  const r = spawnSync(process.execPath, ['--no-warnings', cli, ...args], { encoding: 'utf8', cwd: root });
  return { status: r.status, out: r.stdout, err: r.stderr, lines: r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l)) };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'screen-cli-'));
  // A list folder laid out like the reference data: one sub-folder per list (OFAC legacy CSV).
  mkdirSync(path.join(dir, 'lists/ofac'), { recursive: true });
  writeFileSync(path.join(dir, 'lists/ofac/sdn.csv'), [
    '101,"KARIMI, Hassan Reza","individual","IRAN",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 12 Mar 1970; nationality Iran."',
    '102,"BOREALIS MARITIME LTD.",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
    '103,"KARIMI, Ali Akbar","individual","IRAN",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
  ].join('\r\n') + '\r\n');
  writeFileSync(path.join(dir, 'people.csv'), 'full_name,date_of_birth,nationality,schema\nHassan Karimi,1970-03-12,IR,person\nJane Roe,,,\n"Borealis Maritime Limited",,,organisation\n');
  writeFileSync(path.join(dir, 'pairs.csv'), 'name1,name2,schema,extra\nHarrowfield Bearings Limited,HARROWFIELD BEARINGS LTD.,Company,x\nHans Oberwald GmbH,Petra Oberwald GmbH,,\n');
});

describe('screen match', () => {
  it('prints one JSON line per row with its matches and explanations', () => {
    const r = run('match', '--lists', path.join(dir, 'lists'), '--input', path.join(dir, 'people.csv'), '--top', '3');
    expect(r.status).toBe(0);
    expect(r.lines).toHaveLength(3);
    const [karimi, roe, borealis] = r.lines;
    expect(karimi.input).toEqual({ full_name: 'Hassan Karimi', date_of_birth: '1970-03-12', nationality: 'IR', schema: 'person' });
    expect(karimi.matches[0]).toMatchObject({ entityId: 'us_ofac:101', list: 'us_ofac', matchedName: 'KARIMI, Hassan Reza' });
    expect(karimi.matches[0].score).toBeGreaterThan(0.9);
    expect(karimi.matches[0].explanation.facts.map((f: { fact: string }) => f.fact)).toEqual(expect.arrayContaining(['birthDate', 'country']));
    expect(roe.matches).toEqual([]);
    expect(borealis.matches[0]).toMatchObject({ entityId: 'us_ofac:102', score: 1 });
  });

  it('applies the threshold flag', () => {
    const loose = run('match', '--lists', path.join(dir, 'lists'), '--input', path.join(dir, 'people.csv'), '--threshold', '0.2');
    const strict = run('match', '--lists', path.join(dir, 'lists'), '--input', path.join(dir, 'people.csv'), '--threshold', '1');
    const count = (x: typeof loose) => x.lines.reduce((n, l) => n + l.matches.length, 0);
    expect(count(strict)).toBeLessThan(count(loose));
    expect(strict.lines.flatMap((l) => l.matches).every((m: { score: number }) => m.score === 1)).toBe(true);
    expect(strict.lines[2].matches).toHaveLength(1);
  });
});

describe('screen match --stats', () => {
  it('adds one line on stderr with the lists, the index and the memory held', () => {
    const r = run('match', '--lists', path.join(dir, 'lists'), '--input', path.join(dir, 'people.csv'), '--stats');
    expect(r.status).toBe(0);
    expect(r.lines).toHaveLength(3);
    const stats = JSON.parse(r.err.trim().split('\n').pop()!);
    expect(stats).toMatchObject({ entities: 3, names: 3, rows: 3, lists: [{ list: 'us_ofac', entities: 3, names: 3 }] });
    expect(stats.peakRssMb).toBeGreaterThanOrEqual(stats.rssMb);
    expect(stats.rssMb).toBeGreaterThan(0);
  });
});

describe('screen compare', () => {
  it('prints one JSON line per pair with its score', () => {
    const r = run('compare', '--input', path.join(dir, 'pairs.csv'));
    expect(r.status).toBe(0);
    expect(r.lines.map((l) => [l.name1, l.score])).toEqual([
      ['Harrowfield Bearings Limited', 1],
      ['Hans Oberwald GmbH', expect.any(Number)],
    ]);
    expect(r.lines[1].score).toBeLessThan(0.5);
    expect(r.lines[0].explanation.pairs.length).toBe(2);
  });
});

describe('errors', () => {
  it.each([
    [['compare', '--input', '/nonexistent/pairs.csv'], /input file not found/],
    [['match', '--lists', '/nonexistent', '--input', 'x.csv'], /lists folder not found/],
    [['compare', '--inptu', 'x'], /unknown flag "--inptu"/],
    [['frobnicate'], /unknown command/],
    [['match', '--lists', '.', '--input', 'x', '--threshold', 'high'], /--threshold must be a number/],
  ])('%j fails with one line and status 1', (args, message) => {
    const r = run(...(args as string[]));
    expect(r.status).toBe(1);
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(message);
  });
});
