/**
 * Who a booking is for, as the daily cap sees it. People type the same e-mail, phone and address in
 * many ways; each is reduced to one key, so "(512) 555-0188" and "+1 512.555.0188" are one phone
 * and "12 Elm St." and "12  elm st" one address.
 */
export interface BookingIdentity {
  email: string;
  phone: string;
  address: string;
  /** The account that books, when logged in. */
  userId: string | null;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Digits only, the last ten: a US number with or without its country code. */
export const normalisePhone = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/** Lower case, punctuation and symbols gone, runs of white space made one space. */
export const normaliseAddress = (address: string) =>
  address
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();

/** The identity's keys, e.g. `phone:5125550188`; empty parts give no key. Sorted, no duplicates. */
export function identityKeys(identity: BookingIdentity): string[] {
  const keys = [
    `email:${normaliseEmail(identity.email)}`,
    `phone:${normalisePhone(identity.phone)}`,
    `address:${normaliseAddress(identity.address)}`,
    `user:${identity.userId ?? ''}`,
  ].filter((key) => !key.endsWith(':'));
  return [...new Set(keys)].sort();
}

/**
 * The most bookings of `held` that share any one of `identity`'s keys. The cap holds per e-mail,
 * per phone, per address and per account, each on its own, not for the union of them.
 */
export function mostHeldPerKey(identity: BookingIdentity, held: readonly BookingIdentity[]): number {
  const counts = new Map(identityKeys(identity).map((key) => [key, 0]));
  for (const booking of held) {
    for (const key of identityKeys(booking)) {
      const count = counts.get(key);
      if (count !== undefined) counts.set(key, count + 1);
    }
  }
  return Math.max(0, ...counts.values());
}
