import { MIN_QUANTITY } from '../constants';

/**
 * Spec 5: only digits are kept; minimum 1; a non-numeric value becomes 1.
 * Shared by the quantity stepper and the server.
 */
export const normalizeQuantity = (input: unknown): number => {
  const digits = String(input ?? '').replace(/\D/g, '');
  if (digits === '') return MIN_QUANTITY;
  const value = Number.parseInt(digits.slice(0, 9), 10);
  return Number.isSafeInteger(value) && value >= MIN_QUANTITY ? value : MIN_QUANTITY;
};

/** Spec 5: the minus button does nothing at 1. */
export const decrementQuantity = (value: number): number =>
  value > MIN_QUANTITY ? value - 1 : MIN_QUANTITY;

export const incrementQuantity = (value: number): number => normalizeQuantity(value) + 1;
