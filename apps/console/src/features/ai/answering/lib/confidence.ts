/** An answer confidence (0–1) as the slider's whole percent, and back. */
export const toPercent = (value: number) => Math.round(value * 100);
export const fromPercent = (percent: number) => Math.round(percent) / 100;

/** A difference with its sign, in the interface language's digits: "+12", "−3" (a real minus). */
export function signed(diff: number, tag = 'en'): string {
  const n = new Intl.NumberFormat(tag).format(Math.abs(diff));
  return diff > 0 ? `+${n}` : diff < 0 ? `−${n}` : n;
}
