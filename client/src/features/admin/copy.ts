/** Visible copy of the admin dashboard (docs/product.md §2 "Admin dashboard" — exact strings). */
export const ADMIN_COPY = {
  title: 'Admin Dashboard',
  description: 'Pricing catalog, regions, modifiers and job counts.',
  cards: {
    activeJobs: { title: 'Active Jobs', hint: 'Not completed or cancelled' },
    completedJobs: { title: 'Completed Jobs', hint: 'All time' },
    serviceTypes: { title: 'Service Types', hint: 'Issue types in the pricing catalog' },
    regions: { title: 'Regions', hint: 'Pricing regions' },
  },
  tabs: { catalog: 'Pricing Catalog', regions: 'Regions', modifiers: 'Modifiers' },
  catalogColumns: ['Issue Type', 'Category', 'Base Price Range', 'Unit', 'Status'],
  regionColumns: ['Region', 'State', 'Metro Area', 'Labor Index', 'Material Index', 'Status'],
  modifierColumns: ['Name', 'Type', 'Description', 'Key', 'Status'],
  empty: {
    catalog: 'No pricing catalog items found',
    regions: 'No regions configured',
    modifiers: 'No modifiers configured',
  },
  status: { active: 'Active', inactive: 'Inactive' },
  scrollHint: 'Scroll sideways to see every column',
  loadFailed: 'The admin data could not be loaded.',
  listFailed: 'This list could not be loaded.',
} as const;
