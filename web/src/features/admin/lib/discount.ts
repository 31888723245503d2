import { discountBodySchema } from '@shared/schemas/admin';

/** Toast texts of the discount edit (PRODUCT.md section 8). */
export const DISCOUNT_TOASTS = {
  invalid: 'Invalid discount value',
  updated: 'User updated successfully',
  failed: 'Failed to update user',
} as const;

/**
 * The discount typed in the inline editor as a number from 0 to 100 inclusive (PRODUCT.md section 5), or `null` when
 * it is not one (empty, not a number, out of range): then the toast of PRODUCT.md section 5 shows and nothing is sent. The range
 * check is the server's own schema, so the two can never disagree.
 */
export function parseDiscount(input: string): number | null {
  const text = input.trim();
  if (!text) return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return discountBodySchema.safeParse({ discount: value }).success ? value : null;
}
