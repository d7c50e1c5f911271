/**
 * For react-hook-form's `setValueAs` on an optional text field: a blank field is left out of the
 * request, as if it had never been filled, rather than sent as an empty string.
 */
export const blankAsUndefined = (value: string): string | undefined =>
  value.trim() === '' ? undefined : value;
