import { rng } from '../matcher/model.js';
import type { MatcherTopic } from '../matcher/types.js';

/**
 * `count` seeded synthetic English topics of `phrases` phrases each, like bench/matcher.ts: every topic
 * owns a few made-up words mixed with common question words, so topics share features and a build
 * does real work.
 */
export function syntheticTopics(count: number, phrases = 10, seed = 1): MatcherTopic[] {
  const random = rng(seed);
  const syllables = ['ka', 'lo', 'mi', 'ru', 'te', 'sa', 'vo', 'ne', 'pi', 'da', 'go', 'zu', 'fe', 'ri'];
  const fillers = 'how do i can you what is the my where when to for of in get please'.split(' ');
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const word = () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(syllables)).join('');
  return Array.from({ length: count }, (_, i) => {
    const own = Array.from({ length: 6 }, word);
    return {
      id: 1000 + i,
      name: `synthetic ${i}`,
      active: true,
      examples: Array.from({ length: phrases }, () => {
        const words = Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(own));
        for (let k = 0, n = 2 + Math.floor(random() * 4); k < n; k++)
          words.splice(Math.floor(random() * words.length), 0, pick(fillers));
        return { language: 'english' as const, text: words.join(' '), kind: 'phrase' as const };
      }),
    };
  });
}
