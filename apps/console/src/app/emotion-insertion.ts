import { useInsertionEffect } from 'react';

/**
 * Stands in for `@emotion/use-insertion-effect-with-fallbacks` (vite.config.ts aliases it here).
 *
 * Emotion adds a component's CSS rules to the page in an insertion effect, which React runs in
 * the commit: the one part of a render it cannot split. On the first screen that is every rule of
 * the shell and the screen, compiled by stylis in one piece: 30–50 ms of each first commit at full
 * speed, ×4 on a phone (issue 20, docs/performance.md). Here the rules are added while the
 * component renders, as emotion did before React 18 had insertion effects: inside React's
 * time-sliced render of a transition, in short tasks. A render React throws away may leave its
 * rules in the sheet; they are keyed by the styles' hash, so a later render reuses them.
 *
 * Global styles (CssBaseline, GlobalStyles) keep the insertion effect: they replace their rules
 * when they change, which must follow the commit.
 */
export function useInsertionEffectAlwaysWithSyncFallback(create: () => unknown): void {
  create();
}

export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
