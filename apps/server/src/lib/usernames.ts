/**
 * The one form a username is compared in, at creation and at sign-in alike: NFKC (compatibility
 * forms such as full-width letters and ligatures become plain ones), then a full case fold
 * (lower, upper, lower: "ß", "ẞ" and "SS" meet), then NFKC again to recompose.
 * Lockout counts and sign-in lookups both use it, so no spelling of a name escapes its lockout.
 */
export function usernameKey(name: string): string {
  return name.trim().normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');
}
