import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { Logger } from './logger';

/**
 * SESSION_SECRET when given; on the embedded database, one generated once and kept in DATA_DIR
 * so sessions survive restarts; otherwise (development on a real server) a per-process secret.
 */
export async function resolveSessionSecret(config: Config, logger: Logger): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  if (!config.databaseUrl) {
    const file = path.resolve(config.dataDir, 'session-secret');
    try {
      const stored = (await readFile(file, 'utf8')).trim();
      if (stored.length >= 32) return stored;
    } catch {
      // Not created yet.
    }
    const secret = randomBytes(48).toString('base64url');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
  logger.warn('SESSION_SECRET is not set: using a per-process secret; sessions end when the server restarts');
  return randomBytes(48).toString('base64url');
}
