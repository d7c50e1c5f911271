import type { Config } from 'tailwindcss';

/**
 * Tailwind 4 is configured CSS-first: the design tokens live in `client/src/index.css`
 * (`:root` / `.dark` CSS variables, mapped to utilities by `@theme inline`), and the dark
 * variant is `@custom-variant dark (&:where(.dark, .dark *))`. This file is loaded from that CSS
 * with `@config` and only names the files to scan, so there is one place for each concern.
 *
 * Theme tokens (each exists as `--<token>` and as a `bg-`/`text-`/`border-` colour utility):
 *   background, foreground         page surface and body text
 *   card, card-foreground          raised surfaces (cards, dialogs, menus, toasts)
 *   primary, primary-foreground    brand blue: main actions, links, focus ring (`ring`)
 *   secondary, secondary-foreground, accent, accent-foreground   quiet surfaces, hover states
 *   muted, muted-foreground        subdued surfaces and secondary text
 *   destructive, destructive-foreground   errors and dangerous actions
 *   border, input, ring            hairlines, form field borders, focus outlines
 * Every foreground/background pair meets WCAG AA (4.5:1) in both themes.
 */
export default {
  content: ['./client/index.html', './client/src/**/*.{ts,tsx}'],
} satisfies Config;
