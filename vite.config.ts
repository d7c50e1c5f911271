import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { precompressDirectory } from './server/lib/precompress';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * After the build, `.br` and `.gz` beside each text file: the server sends them as they are instead
 * of compressing every answer (docs/decisions/038-lean-request-path.md).
 */
function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  let log: (message: string) => void = () => {};
  return {
    name: 'plumbline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      if (ssr) return;
      const { files, variants } = await precompressDirectory(outDir);
      log(`precompressed ${files} files (${variants} .br/.gz files)`);
    },
  };
}

/** Pages a visitor most often opens first, drawn at build time: static content, no data needed. */
const PRERENDERED_PATHS = ['/', '/services'];

/**
 * Puts the HTML of each of PRERENDERED_PATHS into index.html, one `<template>` each, and the small
 * script that shows the one for the address before the app's scripts arrive: the first paint no
 * longer waits for the JavaScript to download and run (docs/performance.md). index.html is one file
 * for every address, hence the templates; the app hydrates what the script put in #root.
 */
function prerenderPages(): Plugin {
  let outDir = '';
  let skip = false;
  return {
    name: 'plumbline-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      // The server-side build below loads this file again: it must not prerender in turn.
      skip = Boolean(config.build.ssr);
    },
    // Before closeBundle, where precompress() compresses index.html.
    async writeBundle() {
      if (skip) return;
      // Inside the project, so the server-side bundle finds the packages in node_modules; one per build.
      const cacheDir = fromRoot('./node_modules/.cache');
      mkdirSync(cacheDir, { recursive: true });
      const ssrDir = mkdtempSync(path.join(cacheDir, 'plumbline-prerender-'));
      const templates: string[] = [];
      try {
        await build({
          configFile: fromRoot('./vite.config.ts'),
          logLevel: 'warn',
          publicDir: false,
          build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, minify: false },
        });
        const entry = pathToFileURL(path.join(ssrDir, 'prerender.js')).href;
        const { renderPage } = (await import(entry)) as { renderPage: (page: string) => Promise<string> };
        for (const page of PRERENDERED_PATHS) {
          templates.push(`<template data-prerender="${page}">${await renderPage(page)}</template>`);
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }

      const indexHtml = path.join(outDir, 'index.html');
      const html = readFileSync(indexHtml, 'utf8');
      const root = '<div id="root"></div>';
      if (!html.includes(root)) throw new Error(`index.html has no ${root} to prerender into`);
      writeFileSync(
        indexHtml,
        html.replace(
          root,
          `${root}\n    ${templates.join('')}\n    <script src="/prerender-init.js"></script>`,
        ),
      );
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
  plugins: [react(), tailwindcss(), prerenderPages(), precompress()],
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
