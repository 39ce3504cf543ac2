// The embedded database (PGlite) is files for one process at a time: a second process
// opening them (the admin command while the server runs) could corrupt them. The process
// using them writes its pid to DATA_DIR/embedded.pid; another checks it first.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const fileOf = (dataDir: string) => path.join(dataDir, 'embedded.pid');

/** The pid of another live process holding the embedded database of dataDir, or null. */
export function embeddedDatabaseHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(fileOf(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0); // throws when no such process
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Marks the embedded database of dataDir as this process's; the returned function lets it go. */
export function holdEmbeddedDatabase(dataDir: string): () => void {
  const file = fileOf(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch { /* already gone */ }
  };
  process.once('exit', release);
  return release;
}
