import type { z } from 'zod';

/**
 * The validation rules of the contracts, by key, with their English text (worded as operators have
 * always seen them). The schemas use `rule(key, params)` as their messages, so the server's English stays as
 * it was; `ruleOf(issue)` gives back the key and parameters of any issue, so a client shows the
 * rule in its own language without reading the English. A 400 `validation_error` lists them in
 * `issues`. No zod at run time here: a client can read rules without loading the schemas.
 */
const RULE_TEXTS = {
  // Any field.
  required: 'Required',
  field_required: 'Field required!',
  text_empty: 'Text cannot be empty',
  maximum_characters: ({ max }: { max: number }) => `Maximum ${max} characters`,
  minimum_characters: ({ min }: { min: number }) => `At least ${min} characters`,
  min_max_characters: ({ min, max }: { min: number; max: number }) =>
    `Min ${min} characters, Max ${max} characters`,
  minimum: ({ min }: { min: number }) => `Min. ${min}`,
  maximum: ({ max }: { max: number }) => `Maximum ${max}`,
  too_few_items: ({ min }: { min: number }) => `At least ${min} items`,
  too_many_items: ({ max }: { max: number }) => `At most ${max} items`,
  invalid_id: ({ max }: { max: number }) => `Must be a whole number from 1 to ${max}`,
  // Zod's own issues, when a schema names no rule (see ruleOf).
  invalid_type: ({ expected }: { expected: string }) => `Invalid value (expected ${expected})`,
  invalid_format: ({ format }: { format: string }) => `Invalid format (${format})`,
  invalid_option: 'Not one of the allowed values',
  unrecognized_keys: ({ keys }: { keys: string }) => `Unknown fields: ${keys}`,
  invalid_value: 'Invalid value',
  // Users and sign-in.
  username_required: 'Username is required',
  username_charset: 'Username may use letters, numbers and . _ @ - only',
  password_required: 'Password is required',
  password_uppercase: 'Password needs an uppercase letter',
  password_lowercase: 'Password needs a lowercase letter',
  password_number: 'Password needs a number',
  password_symbol: 'Password needs a symbol',
  role_required: 'Role is required',
  access_token_required: 'access_token is required',
  /** Checked by the console's user form only. */
  confirm_password_mismatch: 'Confirm password is not same as password',
  /** Checked by the console's user form only. */
  current_password_required: 'Current password is required',
  // Devices.
  name_required: 'Name is required',
  choose_language: 'Choose at least one language',
  confirm_name_required: 'Type the device name to confirm',
  staff_pin_digits: 'A staff PIN is 4 to 8 digits',
  // AI configuration.
  category_name_required: 'Category Name is required',
  topic_name_required: 'Topic Name is required',
  select_category: 'Please select a category',
  invalid_image_address: 'Invalid image address',
  alias_comma: 'An alias cannot contain a comma',
  // Avatars.
  avatar_change_required: 'Send a name or is_in_use',
  answer_confidence_range: ({ min, max }: { min: number; max: number }) =>
    `Answer confidence is from ${min}% to ${max}%`,
  // Calls, chat, the device API.
  unknown_call: 'Unknown call',
  time_format: 'Use a time like 09:30',
  end_equals_start: 'The end must differ from the start',
  unknown_chat: 'Unknown chat',
  mobile_charset: 'Use digits, spaces and + - ( ) only',
  unknown_session: 'Unknown session',
  rating_invalid: 'Rating is 1 or -1',
  canned_code_format: 'Use letters, digits, - and _ only',
  canned_text_required: 'Enter the reply in at least one language',
  // Conversations, dashboard, push.
  choose_device: 'Choose at least one device',
  choose_question: 'Choose at least one question',
  date_format: 'Use a date like 2026-01-31',
  not_a_date: ({ value }: { value: string }) => `${value} is not a date`,
  unknown_time_zone: 'Unknown time zone',
  start_after_end: 'The start date is after the end date',
  show_until_after_from: 'Show until must be after show from',
  one_link_only: 'Link a banner to a topic or a unit, not both',
  image_or_video_id: 'Name one item: image_id or video_id',
  // Directory.
  unit_required: 'Unit is required',
  occupant_name_required: 'Enter the occupant name in at least one language',
  // Virtual avatars.
  avatar_name_required: 'Avatar Name is required',
  phone_format: 'Enter a phone number with at least 3 digits',
  email_format: 'Enter an email address like name@example.com',
  unit_duplicate_in_file: ({ row }: { row: number }) => `The same unit is already on row ${row}`,
  yes_no: 'Use Yes or No',
  // Events and quizzes.
  fields_incompleted: 'Fields incompleted',
  event_flow_empty: 'Add at least one activity',
  event_video_required: 'Upload a video',
  event_quiz_missing: 'This quiz no longer exists',
  event_quiz_language: 'This quiz has no version in this language',
  event_quiz_incomplete: 'Some questions of this quiz are not complete in this language',
  quiz_buttons_required: 'Add at least one answer button',
  quiz_correct_answer_required: 'Choose the correct answer',
  quiz_too_many_correct_answers: 'More correct answers than buttons',
  quiz_answer_not_a_button: 'A correct answer is not one of the buttons',
  // Locations and maps.
  location_name_required: 'Location Name is required',
  map_name_required: 'Map Name is required',
  point_outside_map: 'The point must be on the map',
  point_needs_map: 'Choose a map and place the point on it',
  hours_end_before_start:
    'The closing time is before the opening time (tick overnight if it closes after midnight)',
  hours_overnight_end: 'An overnight span closes the next morning, before its opening time',
  location_duplicate_in_file: ({ row }: { row: number }) => `The same location is already on row ${row}`,
} as const satisfies Record<string, string | ((params: never) => string)>;

type Catalog = typeof RULE_TEXTS;
export type RuleKey = keyof Catalog;
export const RULE_KEYS = Object.keys(RULE_TEXTS) as RuleKey[];
/** The parameters a rule's text takes (none: `[]`). */
export type RuleArgs<K extends RuleKey> = Catalog[K] extends (params: infer P) => string ? [params: P] : [];
export type RuleParams = Readonly<Record<string, string | number>>;

/** A rule that failed: its key and the values its text names (`{ max: 80 }`). */
export type Rule = { readonly key: RuleKey; readonly params: RuleParams };

/** A failed rule as a 400 `validation_error` lists it in `issues`. */
export type ValidationIssue = Rule & { readonly path: (string | number)[]; readonly message: string };

const keys: ReadonlySet<string> = new Set(RULE_KEYS);
export const isRuleKey = (key: unknown): key is RuleKey => typeof key === 'string' && keys.has(key);

/** A rule as a value (for checks a form makes itself). */
export function makeRule<K extends RuleKey>(key: K, ...[params]: RuleArgs<K>): Rule {
  return { key, params: (params ?? {}) as RuleParams };
}

/** A rule's English text. */
export function ruleText<K extends RuleKey>(key: K, ...[params]: RuleArgs<K>): string {
  const text: string | ((params: never) => string) = RULE_TEXTS[key];
  return typeof text === 'string' ? text : text((params ?? {}) as never);
}

/** The messages the schemas use, to their rule: built once, when the contracts load. */
const registered = new Map<string, Rule>();

/**
 * A schema's message for a rule: its English text, remembered so `ruleOf` knows the rule again.
 * Only for the contracts' own schemas (fixed values), never for values a request sent.
 */
export function rule<K extends RuleKey>(key: K, ...args: RuleArgs<K>): string {
  const message = ruleText(key, ...args);
  const made = makeRule(key, ...args);
  const known = registered.get(message);
  if (known && (known.key !== made.key || JSON.stringify(known.params) !== JSON.stringify(made.params))) {
    throw new Error(`Rule message "${message}" stands for ${known.key} and ${key}`);
  }
  registered.set(message, known ?? made);
  return message;
}

const sizeRule = (origin: string, bound: 'min' | 'max', value: number): Rule => {
  if (origin === 'string') {
    return bound === 'max'
      ? makeRule('maximum_characters', { max: value })
      : makeRule('minimum_characters', { min: value });
  }
  if (origin === 'number' || origin === 'int' || origin === 'bigint') {
    return bound === 'max' ? makeRule('maximum', { max: value }) : makeRule('minimum', { min: value });
  }
  if (origin === 'array' || origin === 'set') {
    return bound === 'max'
      ? makeRule('too_many_items', { max: value })
      : makeRule('too_few_items', { min: value });
  }
  return makeRule('invalid_value');
};

/**
 * The rule behind an issue: a zod issue of the contracts' schemas (the rule its message names, else
 * one for zod's own issue by its code), or an issue of a server's 400 (which carries its rule).
 */
export function ruleOf(issue: z.core.$ZodIssue | ValidationIssue): Rule {
  if (!('code' in issue))
    return isRuleKey(issue.key) ? { key: issue.key, params: issue.params } : makeRule('invalid_value');
  const known = registered.get(issue.message);
  if (known) return known;
  switch (issue.code) {
    case 'too_big':
      return sizeRule(issue.origin, 'max', Number(issue.maximum));
    case 'too_small':
      return sizeRule(issue.origin, 'min', Number(issue.minimum));
    case 'invalid_type':
      return makeRule('invalid_type', { expected: issue.expected });
    case 'invalid_format':
      return makeRule('invalid_format', { format: issue.format });
    case 'invalid_value':
      return makeRule('invalid_option');
    case 'unrecognized_keys':
      return makeRule('unrecognized_keys', { keys: issue.keys.join(', ') });
    default:
      return makeRule('invalid_value');
  }
}

/** A zod issue as a server's 400 lists it: where, the English message, and its rule. */
export function validationIssue(issue: z.core.$ZodIssue): ValidationIssue {
  const { key, params } = ruleOf(issue);
  const path = issue.path.map((part) => (typeof part === 'number' ? part : String(part)));
  return { path, message: issue.message, key, params };
}
