import { useEffect } from 'react';
import { SITE_NAME } from '@/config/site';

/** The description index.html ships with: every route that sets none gets this one back. */
const DEFAULT_DESCRIPTION =
  typeof document === 'undefined'
    ? ''
    : (document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? '');

function setMetaDescription(content: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Sets `document.title` to "<page> | Plumbline" and the meta description while the page is shown.
 * Without a description, the site-wide one from index.html applies, so a page never keeps the
 * description of the page visited before it.
 */
export function usePageMeta(page: string, description?: string): void {
  useEffect(() => {
    document.title = `${page} | ${SITE_NAME}`;
    setMetaDescription(description ?? DEFAULT_DESCRIPTION);
  }, [page, description]);
}

/** Sets `document.title` to "<page> | Plumbline" (and the site-wide meta description). */
export function usePageTitle(page: string): void {
  usePageMeta(page);
}
