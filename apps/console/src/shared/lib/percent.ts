/** A match score or threshold as a whole percentage: 0.873 → "87%" (values above 1 are taken as percent). */
export function formatPercent(value: number): string {
  const percent = value <= 1 ? value * 100 : value;
  return `${Math.round(percent)}%`;
}
