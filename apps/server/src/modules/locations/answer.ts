import type {
  DayOption,
  Language,
  LocationAnswer,
  LocationLocale,
  OpeningHoursSpan,
} from '@ambassador/contracts';
import { normalizeText } from '../../matcher/index.js';
import { isOffline } from '../calls/index.js';
import type { LocationRow, MapRow } from './repo.js';

/**
 * "Where is …" in the device's languages, on the matcher's folded text (Cantonese folded to
 * Mandarin, Traditional to Simplified, punctuation gone): 藥房喺邊度 → 药房在哪里, where's → wheres.
 */
const WHERE_CUES = [
  /在哪里|在哪儿|在哪|哪里有|怎么去|怎么走|点样去|点行|边度|边处|如何去|去哪/u,
  /\b(where|wheres|how (do|can) (i|we) (get|go) to|how to (get|go) to|way to|directions? to|where can i find)\b/,
];
/** Words around the place's name in such a question. */
const FILLERS =
  /在哪里|在哪儿|在哪|哪里有|怎么去|怎么走|点样去|点行|边度|边处|如何去|去哪|请问|我想|我要|呀|啊|吗|呢|\b(where|wheres|is|are|the|a|an|how|do|can|i|we|get|go|to|way|directions?|find|please|excuse|me)\b/gu;

const CJK = /\p{Script=Han}/u;

export const isWhereQuestion = (folded: string) => WHERE_CUES.some((re) => re.test(folded));

/**
 * How well a folded name is named by the folded question (0 … 1): the share of the asked place it
 * covers. `padded` is the question with a space either side, for whole-word matches.
 */
function nameScore(question: string, padded: string, target: string, name: FoldedName): number {
  if (!name.folded) return 0;
  if (name.folded === target) return 1;
  const inside = name.cjk ? question.includes(name.folded) : padded.includes(name.padded);
  if (!inside) return 0;
  return name.folded.length / Math.max(name.folded.length, target.length || name.folded.length);
}

/** One name a location is asked for by, folded once. */
interface FoldedName {
  /** As written (what matched, in the answer). */
  name: string;
  folded: string;
  padded: string;
  cjk: boolean;
  /** A category names a place a little less than its own name. */
  weight: number;
}

/** An active location with every name it is asked for by (any language, aliases, layers), folded. */
export interface FoldedLocation {
  location: LocationRow;
  names: FoldedName[];
}

const folded = (name: string, weight: number): FoldedName => {
  const f = normalizeText(name);
  return { name, folded: f, padded: ` ${f} `, cjk: CJK.test(f), weight };
};

/**
 * The active locations of `rows` with their names folded, in the rows' order (the first of equal
 * scores answers): what `findLocation` searches. Folding is most of its cost, so a device's folded
 * locations are kept between questions (folded-cache.ts).
 */
export function foldLocations(rows: readonly LocationRow[]): FoldedLocation[] {
  return rows
    .filter((location) => location.isActive)
    .map((location) => ({
      location,
      names: [
        ...[location.name, ...Object.values(location.details).map((d) => d.name), ...location.aliases].map(
          (n) => folded(n, 1),
        ),
        ...location.categories.map((c) => folded(c.category_name, 0.9)),
      ],
    }));
}

export interface LocationHit {
  location: LocationRow;
  score: number;
  /** What matched: the name, an alias or a category. */
  matched: string;
}

/** Scores at least this are an answer. */
export const LOCATION_MIN_SCORE = 0.5;
/** A place named outright ("Where is the food hall?"): answered before topics, even one sharing its words. */
export const NAMED_MIN_SCORE = 0.8;

/**
 * The active location a question asks for: its name (any language), an alias or a category layer
 * of it named by the question. Without a where-cue only a question that is exactly a name answers.
 * A category names several locations: the first by name answers, a little below a name's score.
 */
export function findLocation(
  question: string,
  locations: readonly FoldedLocation[],
  { named = false }: { named?: boolean } = {},
): LocationHit | null {
  const q = normalizeText(question);
  const padded = ` ${q} `;
  const where = isWhereQuestion(q);
  const target = q.replace(FILLERS, ' ').replace(/\s+/g, ' ').trim();
  // `named`: only a place named by its own name or another name of it (never a category), and
  // nearly all of what is asked for — the check that goes before topics.
  const least = named ? NAMED_MIN_SCORE : LOCATION_MIN_SCORE;
  let best: LocationHit | null = null;
  for (const { location, names } of locations) {
    for (const name of names) {
      if (named && name.weight < 1) continue;
      const score = nameScore(q, padded, target, name) * name.weight;
      const enough = where ? score >= least : score >= 1;
      if (enough && (!best || score > best.score)) best = { location, score, matched: name.name };
    }
  }
  return best;
}

/** The locale of a location's details for an asker's language. */
export function localeOf(language: Language): LocationLocale {
  if (language === 'cantonese') return 'cantonese';
  if (language === 'mandarin' || language === 'chinese') return 'mandarin';
  return 'english';
}

/** The details to answer with: the asker's locale, else English, else any in use that has a name. */
function detailsFor(location: LocationRow, locale: LocationLocale) {
  const inUse = (l: string) => location.selectedDetails.includes(l) && location.details[l];
  const order = [locale, 'english', ...location.selectedDetails];
  const chosen = order.find((l) => inUse(l) && location.details[l]!.name) ?? order.find(inUse);
  return chosen ? { locale: chosen as LocationLocale, details: location.details[chosen]! } : null;
}

/** Whether the hours hold `at` in the time zone; null when no hours are known. */
export function openAt(hours: readonly OpeningHoursSpan[], timeZone: string, at: Date): boolean | null {
  if (hours.length === 0) return null;
  // Opening spans read as calls' offline spans do: a non-overnight span ending at 00:00 ends at midnight.
  const spans = hours.map((h) => ({
    day: h.day,
    start: h.start,
    end: !h.overnight && h.end === '00:00' ? '24:00' : h.end,
  }));
  return isOffline(spans, timeZone, at);
}

/** The answer a device gives with a location. */
/** A floor plan as the kiosk shows it (a location answer's map, the floor map's floors). */
export function kioskMap(map: MapRow, mapUrls: (row: MapRow) => { url: string; web_url: string | null }) {
  const { url, web_url } = mapUrls(map);
  return { id: map.id, name: map.name, url, web_url, width: map.width ?? 0, height: map.height ?? 0 };
}

export function locationAnswer(
  location: LocationRow,
  {
    language,
    map,
    mapUrls,
    position,
    timeZone,
    at,
  }: {
    language: Language;
    map: MapRow | null;
    mapUrls: (row: MapRow) => { url: string; web_url: string | null };
    position: { mapId: number; x: number; y: number } | null;
    timeZone: string;
    at: Date;
  },
): LocationAnswer {
  const locale = localeOf(language);
  const chosen = detailsFor(location, locale);
  const d = chosen?.details;
  // Hours are the same place's whatever the language: a locale without its own takes English's, or any.
  const withHours = [chosen?.locale, 'english', ...location.selectedDetails]
    .map((l) => (l ? location.details[l] : undefined))
    .find((x) => x && x.opening_hours.length > 0);
  const hours = (withHours?.opening_hours ?? []).map((h) => ({ ...h, day: h.day as DayOption }));
  return {
    location_id: location.id,
    localization: chosen?.locale ?? locale,
    name: d?.name || location.name,
    address: d?.address ?? '',
    phone_number: d?.phone_number ?? '',
    image: d?.image || location.image,
    opening_hours: hours,
    open_now: openAt(hours, timeZone, at),
    time_zone: timeZone,
    categories: location.categories.map((c) => c.category_name),
    map: map ? kioskMap(map, mapUrls) : null,
    poi: location.poiX !== null && location.poiY !== null ? { x: location.poiX, y: location.poiY } : null,
    you_are_here: map && position?.mapId === map.id ? { x: position.x, y: position.y } : null,
  };
}

const SAY: Record<LocationLocale, (a: LocationAnswer) => string> = {
  english: (a) =>
    [
      a.address ? `${a.name} is at ${a.address}.` : `Here is ${a.name}.`,
      a.open_now === true ? 'It is open now.' : a.open_now === false ? 'It is closed now.' : '',
      a.map ? `See it on the map (${a.map.name}).` : '',
    ]
      .filter(Boolean)
      .join(' '),
  cantonese: (a) =>
    [
      a.address ? `${a.name}喺${a.address}。` : `${a.name}喺呢度。`,
      a.open_now === true ? '而家營業緊。' : a.open_now === false ? '而家休息緊。' : '',
      a.map ? `請睇地圖（${a.map.name}）。` : '',
    ].join(''),
  mandarin: (a) =>
    [
      a.address ? `${a.name}在${a.address}。` : `${a.name}在这里。`,
      a.open_now === true ? '现在营业中。' : a.open_now === false ? '现在休息中。' : '',
      a.map ? `请看地图（${a.map.name}）。` : '',
    ].join(''),
};

/** The answer's text (and speech) in the details' language. */
export const answerText = (a: LocationAnswer) => SAY[a.localization](a);
