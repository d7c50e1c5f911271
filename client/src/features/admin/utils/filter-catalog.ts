import type { AdminCatalogItem } from '@shared/contracts/admin';

const normalise = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[-_]/g, ' ');

/** The catalog rows a typed filter keeps: every word must appear in the issue name, slug, category or unit. */
export function filterCatalog(items: AdminCatalogItem[], filter: string): AdminCatalogItem[] {
  const words = normalise(filter).split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((item) => {
    const haystack = normalise([item.issueName, item.issueSlug, item.category, item.unit].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}
