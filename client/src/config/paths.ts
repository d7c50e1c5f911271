/** Every client route, in one place (docs/product.md §2). */
export const paths = {
  home: '/',
  services: '/services',
  diagnose: '/diagnose',
  book: '/book',
  dashboard: '/dashboard',
  admin: '/admin',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
