import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Text files of the client build; its images are compressed already and gain nothing. */
export const PRECOMPRESSED_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.map',
  '.xml',
  '.webmanifest',
]);

/** The encodings written beside each such file, in the server's order of preference. */
export const PRECOMPRESSED_ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export type PrecompressedEncoding = (typeof PRECOMPRESSED_ENCODINGS)[number]['encoding'];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const compressors: Record<PrecompressedEncoding, (bytes: Buffer) => Promise<Buffer>> = {
  // Once per build, so the slowest, smallest settings: the server never compresses these again.
  br: (bytes) =>
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
};

const isVariant = (file: string) => PRECOMPRESSED_ENCODINGS.some(({ suffix }) => file.endsWith(suffix));

/**
 * Writes `file.br` and `file.gz` beside every text file under `dir` (run after `vite build`); a
 * variant no smaller than its file is not written, so the file is sent as it is.
 */
export async function precompressDirectory(dir: string): Promise<{ files: number; variants: number }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && !isVariant(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => PRECOMPRESSED_EXTENSIONS.has(path.extname(file).toLowerCase()));
  let variants = 0;
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      for (const { encoding, suffix } of PRECOMPRESSED_ENCODINGS) {
        const compressed = await compressors[encoding](bytes);
        if (compressed.length < bytes.length) {
          await writeFile(file + suffix, compressed);
          variants += 1;
        } else {
          await rm(file + suffix, { force: true });
        }
      }
    }),
  );
  return { files: files.length, variants };
}
