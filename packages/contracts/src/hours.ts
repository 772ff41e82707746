import { z } from 'zod';
import { rule } from './rules.js';

/** Weekly hours (offline hours of calls, opening hours of locations): days and times of day. */

/** Day options of weekly hours: each weekday, and weekdays, weekends and every day as shorthands. */
export const DAY_OPTIONS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'weekdays',
  'weekends',
  'everyday',
] as const;
export const ZDayOption = z.enum(DAY_OPTIONS);
export type DayOption = z.infer<typeof ZDayOption>;
/** A time of day, HH:MM (24:00 only as an end). */
export const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, rule('time_format'));
