import { useEffect } from 'react';
import { SITE_NAME } from '@/config/site';

/** Sets `document.title` to "<page> | Plumbline" while the page is shown. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} | ${SITE_NAME}`;
  }, [page]);
}
