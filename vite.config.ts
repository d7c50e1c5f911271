import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDirectory } from './server/lib/precompress';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * After the build, `.br` and `.gz` beside each text file: the server sends them as they are instead
 * of compressing every answer (docs/decisions/038-lean-request-path.md).
 */
function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'plumbline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      const { files, variants } = await precompressDirectory(outDir);
      log(`precompressed ${files} files (${variants} .br/.gz files)`);
    },
  };
}

/**
 * The client lives in `client/`; the build lands in `dist/public`, which the Express server serves
 * in production. In development the server mounts Vite in middleware mode, so no proxy is needed.
 */
export default defineConfig({
  root: fromRoot('./client'),
  publicDir: fromRoot('./client/public'),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      '@': fromRoot('./client/src'),
      '@shared': fromRoot('./shared'),
    },
  },
  build: {
    outDir: fromRoot('./dist/public'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes far less often than the app: give it its own long-lived cached chunk.
        codeSplitting: {
          groups: [{ name: 'react-vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
