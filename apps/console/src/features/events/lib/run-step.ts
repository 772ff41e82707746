/**
 * Where a visitor is inside an activity, as the kiosk reports it (`step` of
 * POST /device_api/v1/event_runs/{run_id}/progress: `playing 2/3`, `countdown`, `onboard`,
 * `question 2/5`, `retry 2/5`, `correct 2/5`, `incorrect 2/5`, `ending`), read so the control view
 * can say it in the operator's language.
 */
export type RunStep =
  | { kind: 'countdown' | 'onboard' | 'ending' }
  | { kind: 'playing' | 'question' | 'retry' | 'correct' | 'incorrect'; n: number; total: number };

/** The step read, or null for one this console does not know (shown as the kiosk said it). */
export function parseRunStep(step: string): RunStep | null {
  const text = step.trim();
  if (text === 'countdown' || text === 'onboard' || text === 'ending') return { kind: text };
  const m = /^(playing|question|retry|correct|incorrect) (\d+)\/(\d+)$/.exec(text);
  if (!m) return null;
  return {
    kind: m[1] as 'playing' | 'question' | 'retry' | 'correct' | 'incorrect',
    n: Number(m[2]),
    total: Number(m[3]),
  };
}
