/** Generational suffixes: not a last name ("John Smith Jr." is "John S."). */
const SUFFIX = /^(jr|sr|ii|iii|iv|v)\.?$/i;

/**
 * A volunteer's name as the public sees it by default (decision 0096): the first name and the
 * last name's initial, "Ava W." for "Ava Waiting"; a single name stays as it is.
 */
export function firstNameAndInitial(full: string): string {
  const words = full.trim().split(/\s+/).filter(Boolean);
  while (words.length > 1 && SUFFIX.test(words.at(-1)!)) words.pop();
  if (words.length < 2) return words[0] ?? '';
  const initial = Array.from(words.at(-1)!)[0]!.toLocaleUpperCase('en-US');
  return `${words[0]} ${initial}.`;
}

/** The name shown to the public under the post's setting: full, or first name and initial. */
export function publicName(full: string, fullNames: boolean): string {
  return fullNames ? full.trim() : firstNameAndInitial(full);
}
