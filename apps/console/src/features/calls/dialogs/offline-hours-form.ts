import {
  ZOfflineHours,
  ZOfflineHoursRow,
  ruleOf,
  type DayOption,
  type Language,
  type OfflineHours,
  type OfflineHoursInput,
  type Rule,
} from '@ambassador/contracts';

/** The contract's limit of rows of hours per device (ZOfflineHours). */
export const MAX_ROWS = 50;
/** The contract's limit of one offline response. */
export const RESPONSE_MAX = 500;

export type HoursRowForm = { key: number; day: DayOption; start: string; end: string };
export type OfflineHoursForm = {
  rows: HoursRowForm[];
  time_zone: string;
  responses: Partial<Record<Language, string>>;
};

/** Field errors as the contract words them (the dialog translates them). */
export type OfflineHoursErrors = {
  rows: Record<number, { start?: Rule; end?: Rule }>;
  responses: Partial<Record<Language, Rule>>;
  time_zone?: Rule;
};

/** The browser's own time zone, for a device whose hours were never saved. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the browser knows, the current one included even if it is an alias ('UTC'). */
export function timeZoneOptions(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([...zones, 'UTC']);
  if (current) all.add(current);
  return [...all].sort();
}

/**
 * The zone the hours are read in is the device's own, saved with its hours. A device with no hours
 * has none worth keeping (the server's default is UTC, which reads nothing): it starts in the
 * browser's zone, which is where the site almost always is.
 */
function hasOwnZone(data: OfflineHours): boolean {
  return data.offline_hours.length > 0;
}

/** A time field cannot show 24:00: midnight as an end shows as 00:00. */
const toInput = (clock: string) => (clock === '24:00' ? '00:00' : clock);
/** ...and 00:00 as an end means midnight, the end of the day (so 00:00→00:00 is the whole day). */
const toEnd = (clock: string) => (clock === '00:00' ? '24:00' : clock);

/** Whether a span runs overnight: it ends the next day (Friday 18:00→09:00 ends on Saturday). */
export function endsNextDay(row: Pick<HoursRowForm, 'start' | 'end'>): boolean {
  return row.end !== '' && row.end !== '00:00' && row.start !== '' && row.end < row.start;
}

export function initialOfflineHoursForm(data: OfflineHours, zone = browserTimeZone()): OfflineHoursForm {
  return {
    rows: data.offline_hours.map((row, index) => ({
      key: index + 1,
      day: row.day,
      start: row.start,
      end: toInput(row.end),
    })),
    time_zone: hasOwnZone(data) ? data.time_zone : zone,
    responses: { ...data.offline_response },
  };
}

export function newRow(rows: HoursRowForm[]): HoursRowForm {
  const key = rows.reduce((max, row) => Math.max(max, row.key), 0) + 1;
  // A new span is the usual one: weekday evenings until the next morning.
  return { key, day: 'weekdays', start: '18:00', end: '09:00' };
}

/** The PUT body: rows as entered (00:00 ends as 24:00), trimmed responses, empty ones left out. */
export function offlineHoursRequest(form: OfflineHoursForm): OfflineHoursInput {
  const offline_response: Partial<Record<Language, string>> = {};
  for (const [language, text] of Object.entries(form.responses) as [Language, string | undefined][]) {
    const trimmed = text?.trim() ?? '';
    if (trimmed) offline_response[language] = trimmed;
  }
  return {
    offline_hours: form.rows.map(({ day, start, end }) => ({ day, start, end: toEnd(end) })),
    time_zone: form.time_zone,
    offline_response,
  };
}

/** Checks the form with the contract's own rules; an empty result means it can be sent. */
export function validateOfflineHours(form: OfflineHoursForm): OfflineHoursErrors {
  const errors: OfflineHoursErrors = { rows: {}, responses: {} };
  const body = offlineHoursRequest(form);
  body.offline_hours.forEach((row, index) => {
    const result = ZOfflineHoursRow.safeParse(row);
    if (result.success) return;
    const key = form.rows[index]!.key;
    const rowErrors: { start?: Rule; end?: Rule } = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if ((field === 'start' || field === 'end') && !rowErrors[field]) rowErrors[field] = ruleOf(issue);
    }
    errors.rows[key] = rowErrors;
  });
  const whole = ZOfflineHours.safeParse(body);
  if (!whole.success) {
    for (const issue of whole.error.issues) {
      if (issue.path[0] === 'time_zone') errors.time_zone = ruleOf(issue);
      if (issue.path[0] === 'offline_response' && typeof issue.path[1] === 'string') {
        errors.responses[issue.path[1] as Language] = ruleOf(issue);
      }
    }
  }
  return errors;
}

export function hasErrors(errors: OfflineHoursErrors): boolean {
  return (
    Object.keys(errors.rows).length > 0 ||
    Object.keys(errors.responses).length > 0 ||
    Boolean(errors.time_zone)
  );
}
