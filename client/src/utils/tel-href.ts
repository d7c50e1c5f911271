/** A phone number as a link target for dialling: `tel:` with its digits (and a leading +) only. */
export function toTelHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
