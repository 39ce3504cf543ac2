// The reference data some benchmarks measure against: the real lists and the labelled name
// pairs in ../shared/data, beside the repository. It is not part of the repository, so a
// clone may not have it: a benchmark that needs it checks first and returns a skip, which
// run.mjs prints and counts apart from the benchmarks that ran.
import { existsSync } from 'node:fs';
import path from 'node:path';

export const REFERENCE_DATA = path.resolve(import.meta.dirname, '../../../shared/data');

/** What a benchmark's default function returns when it did not run. */
export interface BenchSkipped {
  skipped: string;
}

/** undefined when every path exists, else a skip naming the first one missing. */
export function needsReferenceData(...paths: string[]): BenchSkipped | undefined {
  const absent = paths.find((p) => !existsSync(p));
  if (absent === undefined) return undefined;
  return { skipped: `${absent} not found (reference data beside the repository, not part of it)` };
}
