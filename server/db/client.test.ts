import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';

const run = promisify(execFile);

/** The embedded database has no passwords: only the app's own user may reach it. */
describe('the embedded database socket', () => {
  let database: DatabaseHandle;
  let socketDir: string;

  beforeAll(async () => {
    database = await openDatabase({});
    socketDir = (database.pool.options as { host: string }).host;
  });
  afterAll(() => database.close());

  it('is a Unix socket in a folder only this user can enter, not a TCP port', async () => {
    expect(path.isAbsolute(socketDir)).toBe(true);
    const folder = await stat(socketDir);
    expect(folder.isDirectory()).toBe(true);
    expect(folder.mode & 0o777).toBe(0o700);
    expect(folder.uid).toBe(process.getuid?.());
    const socket = await stat(path.join(socketDir, '.s.PGSQL.5432'));
    expect(socket.isSocket()).toBe(true);
    expect((await database.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it.runIf(process.getuid?.() === 0)('refuses a client running as another user', async () => {
    // Python's socket module: a connect as plain as it gets, and runnable by a user who cannot read
    // this repository or the cached Node build.
    const script = [
      'import socket, sys',
      's = socket.socket(socket.AF_UNIX)',
      'try:',
      `    s.connect(${JSON.stringify(path.join(socketDir, '.s.PGSQL.5432'))})`,
      "    print('connected')",
      'except PermissionError:',
      "    print('EACCES')",
    ].join('\n');
    const { stdout } = await run('runuser', ['-u', 'nobody', '--', 'python3', '-c', script], { cwd: '/' });
    expect(stdout.trim()).toBe('EACCES');
  });

  it('removes its socket folder on close', async () => {
    const other = await openDatabase({});
    const otherDir = (other.pool.options as { host: string }).host;
    await other.close();
    await expect(stat(otherDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
