import { dot } from './embedder/types.js';
import type { BackgroundVectors } from './background.js';
import { centre, languageMeans, languageOf } from './lda.js';

/**
 * Groups unit vectors by meaning: average-linkage agglomerative clustering, merging the two closest
 * groups while their mean pairwise cosine reaches `threshold`. Average linkage, not single: one
 * question between two needs ("parking" between "where to park" and "what parking costs") must not
 * chain them into one group. Quadratic memory and about cubic time: meant for a few hundred
 * questions (400 take about 0.1 s), which is what a review screen shows.
 *
 * Returns the groups as indexes into `vectors`, largest first (ties: lowest first index first);
 * every index is in exactly one group, a vector alone being a group of one.
 */
export function clusterByMeaning(vectors: readonly Float32Array[], threshold: number): number[][] {
  const n = vectors.length;
  if (n === 0) return [];
  // Similarities between live groups, by group slot (a merge keeps the lower slot).
  const sim = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const s = dot(vectors[i]!, vectors[j]!);
      sim[i * n + j] = s;
      sim[j * n + i] = s;
    }
  }
  const members: Array<number[] | null> = vectors.map((_, i) => [i]);
  for (;;) {
    let best = -Infinity;
    let a = -1;
    let b = -1;
    for (let i = 0; i < n; i++) {
      if (!members[i]) continue;
      for (let j = i + 1; j < n; j++) {
        if (members[j] && sim[i * n + j]! > best) {
          best = sim[i * n + j]!;
          a = i;
          b = j;
        }
      }
    }
    if (a < 0 || best < threshold) break;
    const sa = members[a]!.length;
    const sb = members[b]!.length;
    // Lance–Williams update for average linkage: the merged group's mean similarity to each other.
    for (let k = 0; k < n; k++) {
      if (!members[k] || k === a || k === b) continue;
      const s = (sa * sim[a * n + k]! + sb * sim[b * n + k]!) / (sa + sb);
      sim[a * n + k] = s;
      sim[k * n + a] = s;
    }
    members[a] = [...members[a]!, ...members[b]!];
    members[b] = null;
  }
  return members
    .filter((m): m is number[] => m !== null)
    .map((m) => m.sort((x, y) => x - y))
    .sort((x, y) => y.length - x.length || x[0]! - y[0]!);
}

/** The member closest on average to the others: the group's most typical question. */
export function medoid(vectors: readonly Float32Array[], group: readonly number[]): number {
  let best = group[0]!;
  let bestScore = -Infinity;
  for (const i of group) {
    let s = 0;
    for (const j of group) if (i !== j) s += dot(vectors[i]!, vectors[j]!);
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  }
  return best;
}

/**
 * Mean pairwise centred cosine at which two groups of questions are one need (bench/groups.ts, chosen
 * on the development set only). Centring on the language's mean lets a Cantonese and an English
 * question of one need meet, as in the matcher.
 */
export const GROUP_THRESHOLD = 0.4;

/**
 * Texts grouped by meaning: each text's vector centred on its language's background mean, then
 * clustered. A text without a vector stands alone. Each group's members are indexes into `texts`
 * (ascending) and `typical` its most typical member; largest group first.
 */
export function groupTexts(
  texts: readonly string[],
  vectors: ReadonlyMap<string, Float32Array>,
  background: BackgroundVectors | null | undefined,
  threshold = GROUP_THRESHOLD,
): Array<{ members: number[]; typical: number }> {
  const means = languageMeans(background);
  const embedded: number[] = [];
  const centred: Float32Array[] = [];
  texts.forEach((text, i) => {
    const v = vectors.get(text);
    if (!v) return;
    embedded.push(i);
    centred.push(centre(v, means[languageOf(text)]));
  });
  const groups = clusterByMeaning(centred, threshold).map((g) => ({
    members: g.map((k) => embedded[k]!),
    typical: embedded[medoid(centred, g)]!,
  }));
  const alone = texts.flatMap((text, i) => (vectors.has(text) ? [] : [{ members: [i], typical: i }]));
  return [...groups, ...alone].sort(
    (x, y) => y.members.length - x.members.length || x.members[0]! - y.members[0]!,
  );
}
