import { Input, type InputProps } from './input';

/** A money amount in dollars and cents: a numeric keypad on phones, never negative. */
export function AmountInput(props: Omit<InputProps, 'type' | 'inputMode' | 'min' | 'step'>) {
  return <Input type="number" inputMode="decimal" min={0} step="0.01" {...props} />;
}
