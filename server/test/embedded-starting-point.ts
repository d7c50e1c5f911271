import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

/**
 * Starting a new embedded database runs initdb, which took 3–7 s per test context on two busy cores;
 * loading a dump of one that is already migrated takes well under a second. The suite's global
 * set-up writes that dump once per set of migrations; each embedded test context loads it (and still
 * runs the migrations, which then find nothing to do).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MIGRATIONS_DIR = path.join(root, 'migrations');
const DUMP_DIR = path.join(root, '.data-test');

/** The dump's file, named after the migrations it holds, so a changed migration never loads a stale one. */
async function dumpPath(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(MIGRATIONS_DIR, { recursive: true })).filter((file) =>
    /\.(sql|json)$/.test(file),
  );
  for (const file of files.sort()) {
    hash.update(file);
    hash.update(await readFile(path.join(MIGRATIONS_DIR, file)));
  }
  return path.join(DUMP_DIR, `embedded-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Vitest global set-up: writes the migrated dump unless it exists (on PostgreSQL runs, nothing). */
export async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const target = await dumpPath();
  if (
    await readFile(target).then(
      () => true,
      () => false,
    )
  )
    return;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'plumbline-starting-point-'));
  try {
    const database = await openDatabase({ dataDir });
    try {
      await runMigrations(database.pool);
    } finally {
      await database.close();
    }
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { btree_gist } });
    try {
      const dump = await pglite.dumpDataDir('none');
      await mkdir(DUMP_DIR, { recursive: true });
      // Written under another name first: a test process never reads half a file.
      const partial = `${target}.${process.pid}.partial`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, target);
      // Dumps of older migrations are of no further use.
      for (const file of await readdir(DUMP_DIR)) {
        const old = path.join(DUMP_DIR, file);
        if (file.startsWith('embedded-migrated-') && old !== target) await rm(old, { force: true });
      }
    } finally {
      await pglite.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The migrated dump for a new embedded test database; undefined when the set-up did not write one. */
export async function embeddedStartingPoint(): Promise<Blob | undefined> {
  const contents = await readFile(await dumpPath()).catch(() => undefined);
  return contents ? new Blob([contents]) : undefined;
}
