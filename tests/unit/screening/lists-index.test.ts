import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongFileError } from '../../../src/screening/model.ts';
import { detectList, loadAllLists, loadListDir, loadListsFromDir } from '../../../src/screening/lists/index.ts';

// tests/fixtures/screening holds one small synthetic list per sub-folder, laid out like a
// folder of downloaded lists.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixtures = path.join(repoRoot, 'tests/fixtures/screening');

describe('list detection', () => {
  it.each([
    ['ofac_sdn', 'ofac_sdn'],
    ['ofac_sdn_partial', 'ofac_sdn_partial'],
    ['ofac_non_sdn', 'ofac_non_sdn'],
    ['us_csl', 'us_csl'],
    ['un', 'un_sc'],
    ['bis_dpl', 'bis_dpl'],
    ['fincen', 'fincen_314a'],
    ['eu', 'eu_fsf'],
    ['uk', 'uk_sanctions'],
  ])('%s holds %s', async (dir, kind) => {
    expect(await detectList(path.join(fixtures, dir))).toBe(kind);
  });

  it('recognises single files by their first bytes, not their names', async () => {
    expect(await detectList(path.join(fixtures, 'bis_dpl/dpl.txt'))).toBe('bis_dpl');
    expect(await detectList(path.join(fixtures, 'un/consolidated.xml'))).toBe('un_sc');
    expect(await detectList(path.join(fixtures, 'us_csl/consolidated.csv'))).toBe('us_csl');
    expect(await detectList(path.join(fixtures, 'fincen/Person03.14.2026.csv'))).toBe('fincen_314a');
    expect(await detectList(path.join(fixtures, 'ofac_sdn/sdn.csv'))).toBe('ofac_sdn');
  });

  it('finds nothing in a folder of other files', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lists-'));
    try {
      writeFileSync(path.join(dir, 'notes.txt'), 'hello\n');
      // The right name is not enough: sdn.csv must look like OFAC's.
      writeFileSync(path.join(dir, 'sdn.csv'), 'name,type\nx,y\n');
      expect(await detectList(dir)).toBeUndefined();
      await expect(loadListDir(dir)).rejects.toThrow(WrongFileError);
      await expect(loadListDir(dir)).rejects.toThrow(/no known list found.*notes\.txt, sdn\.csv/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('loading a folder of lists', () => {
  let root: string;
  beforeAll(() => {
    // Every fixture list plus a folder of unknown files.
    root = mkdtempSync(path.join(os.tmpdir(), 'lists-root-'));
    cpSync(fixtures, root, { recursive: true });
    mkdirSync(path.join(root, 'misc'));
    writeFileSync(path.join(root, 'misc', 'readme.md'), '# nothing here\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const LOADED = ['us_bis_dpl', 'eu_fsf', 'us_fincen_314a', 'us_non_sdn', 'us_ofac', 'uk_sanctions', 'un_sc', 'us_csl'];

  it('loads every known sub-folder and reports the others without failing', async () => {
    const skipped: string[] = [];
    const loads = await loadListsFromDir(root, { onSkip: (s) => skipped.push(`${path.basename(s.dir)}: ${s.reason}`) });
    // list, entities, rows rejected (each list's own tests say which and why)
    expect(loads.map((l) => [l.list, l.entities.length, l.rejects.length])).toEqual([
      ['us_bis_dpl', 8, 0],
      ['eu_fsf', 6, 2],
      ['us_fincen_314a', 7, 0],
      ['us_non_sdn', 4, 0],
      ['us_ofac', 17, 0],
      ['uk_sanctions', 4, 2],
      ['un_sc', 9, 0],
      ['us_csl', 20, 1],
    ]);
    expect(skipped).toHaveLength(2);
    expect(skipped[0]).toMatch(/^misc: .*no known list found/);
    expect(skipped[1]).toMatch(/^ofac_sdn_partial: .*without the entries file.*not loaded/);
  });

  it('passes each list through map as soon as it is read', async () => {
    const seen: string[] = [];
    const loads = await loadListsFromDir(root, { map: (l) => { seen.push(l.list); return { ...l, entities: l.entities.slice(0, 1) }; } });
    expect(seen).toEqual(LOADED);
    expect(loads.map((l) => l.entities.length)).toEqual(LOADED.map(() => 1));
  });

  it('returns loads and skipped folders together with loadAllLists', async () => {
    const { loads, skipped } = await loadAllLists(root);
    expect(loads.map((l) => l.list)).toEqual(LOADED);
    expect(skipped.map((s) => path.basename(s.dir))).toEqual(['misc', 'ofac_sdn_partial']);
  });
});
