const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const formatters = new Map<string, Intl.RelativeTimeFormat>();
function formatterFor(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = locale ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * How long ago something happened: '5 minutes ago', 'yesterday', '3 weeks ago' (the browser's own
 * Intl, no date library). Under a minute, and any time ahead of this clock (the server's clock may
 * run a little ahead), reads `justNow`.
 */
export function formatRelativeTime(
  iso: string,
  { now = new Date(), justNow, locale }: { now?: Date; justNow: string; locale?: string },
): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (!Number.isFinite(seconds) || seconds > -60) return justNow;
  const elapsed = -seconds;
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return formatterFor(locale).format(-Math.floor(elapsed / size), unit);
  }
  return justNow;
}
