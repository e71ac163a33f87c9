import { clsx } from 'clsx';
import type { ClassValue } from 'clsx';

/**
 * Joins class names (clsx syntax). Conflicting utilities are not resolved: a primitive leaves out
 * what its callers set, through a variant of `null` (decision 0106).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
