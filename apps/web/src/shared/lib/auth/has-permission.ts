import type { AllAuthEntry, AuthEntry } from '@ics/contract';

export type ButtonAuth = { auth: readonly AuthEntry[]; allAuth: readonly AllAuthEntry[] };

/**
 * The spec's `has` rule for a button mark (§6): entries of type "2" (disable-only) are
 * ignored; a mark switched off globally (allAuth status "0") always shows; otherwise the
 * user's own authorisations decide. A form may bring its own permission list, which is
 * consulted first.
 */
export function hasPermission(
  action: string,
  { auth, allAuth }: ButtonAuth,
  formPermissions?: readonly AuthEntry[],
): boolean {
  if (formPermissions?.some((p) => p.type !== '2' && p.action === action)) return true;
  if (allAuth.some((g) => g.type !== '2' && g.action === action && g.status === '0')) return true;
  return auth.some((p) => p.type !== '2' && p.action === action);
}
