/** How far apart two names are, for the hints that name what was probably meant. */

/**
 * The Levenshtein distance of `a` and `b`: how many single-character insertions, deletions and
 * substitutions turn one into the other (`apitoken` → `apiToken` is 1; case counts).
 */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}
