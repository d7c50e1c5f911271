import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from '@/app/app';

/**
 * The build's server-side entry (vite.config.ts): a page's HTML as a visitor's first render makes
 * it — no one logged in, nothing fetched yet — so index.html can show it before the scripts arrive
 * and the app hydrates it instead of drawing it again. `prerender` waits for the lazy page chunks.
 */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <Router ssrPath={path}>
      <App />
    </Router>,
    // Every boundary inline, in place: no fallback plus an inline script to swap it (the CSP forbids those).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  // React puts preloads of the page's first images ahead of the markup, as if for a whole document;
  // in #root they would not match the app's first element. The images load as the markup is shown.
  return html.replace(/^(?:<link rel="preload" as="image"[^>]*>)+/, '');
}
