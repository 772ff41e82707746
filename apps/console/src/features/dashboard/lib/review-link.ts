/**
 * Conversation Review on the questions behind a figure of the dashboard: the same days, the
 * selected device, and (for a top question) what answered them. The address is Conversation
 * Review's own (`start`, `end`, `devices`, `topic` or `location` with `about`).
 */
export function reviewPath(
  range: { start: string; end: string },
  deviceId: number | null,
  answeredBy?: { kind: 'topic' | 'location'; id: number; name: string },
): string {
  const params = new URLSearchParams();
  if (answeredBy) {
    params.set(answeredBy.kind, String(answeredBy.id));
    params.set('about', answeredBy.name);
  }
  params.set('start', range.start);
  params.set('end', range.end);
  if (deviceId !== null) params.set('devices', String(deviceId));
  return `/conversation?${params}`;
}
