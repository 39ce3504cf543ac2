import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongFileError } from '../../../src/screening/model.ts';
import { detectList, loadAllLists, loadListDir, loadListsFromDir } from '../../../src/screening/lists/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const data = path.resolve(repoRoot, '../shared/data/sanctions');
const fixtures = path.join(repoRoot, 'tests/fixtures/screening');

describe('list detection', () => {
  it.each([
    ['ofac_sdn_2021-07', 'ofac_sdn'],
    ['ofac_sdn_2025-12_partial', 'ofac_sdn_partial'],
    ['ofac_consolidated_non_sdn', 'ofac_non_sdn'],
    ['us_csl', 'us_csl'],
    ['un_consolidated', 'un_sc'],
    ['bis_dpl', 'bis_dpl'],
    ['fincen_314a_samples', 'fincen_314a'],
  ])('%s holds %s', async (dir, kind) => {
    expect(await detectList(path.join(data, dir))).toBe(kind);
  });

  it('recognises the EU and UK files and single files', async () => {
    expect(await detectList(path.join(fixtures, 'eu'))).toBe('eu_fsf');
    expect(await detectList(path.join(fixtures, 'uk'))).toBe('uk_sanctions');
    expect(await detectList(path.join(data, 'bis_dpl/dpl.txt'))).toBe('bis_dpl');
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
    // A copy of the small lists plus an unknown folder, to keep this test quick.
    root = mkdtempSync(path.join(os.tmpdir(), 'lists-root-'));
    for (const [dir, files] of [
      ['bis_dpl', [path.join(data, 'bis_dpl/dpl.txt')]],
      ['fincen', ['fincen-person.csv', 'fincen-business.csv', 'Person12.09.2025.csv'].map((f) => path.join(data, 'fincen_314a_samples', f))],
      ['eu', [path.join(fixtures, 'eu/csvFullSanctionsList_1_1.csv')]],
      ['uk', [path.join(fixtures, 'uk/UK-Sanctions-List.csv')]],
      ['ofac_partial', ['add.csv', 'alt.csv', 'sdn_comments.csv'].map((f) => path.join(data, 'ofac_sdn_2025-12_partial', f))],
    ] as const) {
      mkdirSync(path.join(root, dir));
      for (const f of files) copyFileSync(f, path.join(root, dir, path.basename(f)));
    }
    mkdirSync(path.join(root, 'misc'));
    writeFileSync(path.join(root, 'misc', 'readme.md'), '# nothing here\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('loads every known sub-folder and reports the others without failing', async () => {
    const skipped: string[] = [];
    const loads = await loadListsFromDir(root, { onSkip: (s) => skipped.push(`${path.basename(s.dir)}: ${s.reason}`) });
    expect(loads.map((l) => [l.list, l.entities.length])).toEqual([
      ['us_bis_dpl', 665],
      ['eu_fsf', 6],
      ['us_fincen_314a', 7],
      ['uk_sanctions', 4],
    ]);
    expect(skipped).toHaveLength(2);
    expect(skipped[0]).toMatch(/^misc: .*no known list found/);
    expect(skipped[1]).toMatch(/^ofac_partial: .*without the entries file.*not loaded/);
  });

  it('passes each list through map as soon as it is read', async () => {
    const seen: string[] = [];
    const loads = await loadListsFromDir(root, { map: (l) => { seen.push(l.list); return { ...l, entities: l.entities.slice(0, 1) }; } });
    expect(seen).toEqual(['us_bis_dpl', 'eu_fsf', 'us_fincen_314a', 'uk_sanctions']);
    expect(loads.map((l) => l.entities.length)).toEqual([1, 1, 1, 1]);
  });

  it('returns loads and skipped folders together with loadAllLists', async () => {
    const { loads, skipped } = await loadAllLists(root);
    expect(loads).toHaveLength(4);
    expect(skipped.map((s) => path.basename(s.dir))).toEqual(['misc', 'ofac_partial']);
  });
});
