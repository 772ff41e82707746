import type { AskResult, Language, TopicRef } from '@ambassador/contracts';
import type { DeviceApi } from '../api/device-api';
import type { Strings } from '../i18n/strings';
import { StaffButtons, type PanelKind } from '../staff/staff-panel';
import type { Realtime } from '../realtime/realtime-client';
import { HTML_LANG, LANGUAGE_LABELS, answerWrittenIn } from '../lib/languages';
import { LocationCard } from './location-card';
import { RatingBar } from './rating-bar';
import { ResponseContentView, TextBubble } from './response-contents';

type Props = {
  result: AskResult;
  api: Pick<DeviceApi, 'rate'> & Partial<Pick<DeviceApi, 'location'>>;
  strings: Strings;
  /** The asker's language and the kiosk's realtime channel: a location answer follows changes. */
  language?: Language;
  realtime?: Realtime | null;
  /** The device's fallback message for this language, if the answer carries none. */
  fallbackText: string | undefined;
  onAsk: (text: string) => void;
  /** The ways to reach staff the device offers (Interface Settings: Reach staff). */
  withChat?: boolean;
  withCall: boolean;
  /** Related-topic chips and the thumbs are shown (Interface Settings: Ask). */
  withRelated?: boolean;
  withRating?: boolean;
  /** Opens a chat or call with staff: what a fallback offers instead of a rating. */
  onStaff: (kind: PanelKind) => void;
};

const same = (text: string) => text.normalize('NFKC').trim().toLowerCase();

/**
 * Related topics as chips: each topic and each text once, none that a button of the answer
 * already offers. The server sends them so; this keeps an older server's repeats off the screen.
 */
export function relatedChips(result: AskResult): TopicRef[] {
  const seen = new Set<string>();
  const offer = (...texts: string[]) => texts.forEach((t) => t.trim() && seen.add(same(t)));
  for (const r of result.responses) {
    for (const c of r.contents) {
      if (c.type === 'buttons' || c.type === 'dropdown') c.values.forEach((b) => offer(b.text, b.payload));
      else if (c.type === 'cards')
        c.cards.forEach((card) => card.buttons.forEach((b) => offer(b.text, b.payload)));
      else if (c.type === 'list') c.elements.forEach((e) => e.payload && offer(e.title, e.payload));
    }
  }
  const ids = new Set<number>();
  return result.related.filter((topic) => {
    const text = same(topic.name);
    if (!text || ids.has(topic.id) || seen.has(text)) return false;
    ids.add(topic.id);
    seen.add(text);
    return true;
  });
}

/**
 * "From handbook.pdf, page 3": where a document answer was read; "· Written in English" when it is
 * not in the language asked.
 */
export function sourceLine(
  source: NonNullable<AskResult['source']>,
  strings: Strings,
  asked: Language = 'english',
): string {
  const template = source.page === null ? strings.sourceFile : strings.sourcePage;
  const where = template.replace('{file}', source.filename).replace('{page}', String(source.page ?? ''));
  const written = answerWrittenIn(source, asked);
  return written ? `${where} · ${strings.writtenIn.replace('{language}', LANGUAGE_LABELS[written])}` : where;
}

/**
 * One answer: every response's contents, related topics and the thumbs; or the fallback with a
 * way to reach staff (a rating would ask the visitor to judge an answer they did not get).
 */
export function BotAnswer({
  result,
  api,
  strings,
  fallbackText,
  onAsk,
  withChat = true,
  withCall,
  withRelated = true,
  withRating = true,
  onStaff,
  language = 'english',
  realtime = null,
}: Props) {
  const related = result.fallback || !withRelated ? [] : relatedChips(result);
  const shown = result.responses.filter((r) => r.contents.length > 0);
  // A response that only speaks is still written out, for visitors who cannot hear it.
  const spoken = result.responses.map((r) => r.speech.trim()).filter(Boolean);
  const noContent = result.fallback || shown.length === 0;
  const fallback = result.fallback_text?.trim() || fallbackText?.trim() || strings.noAnswer;
  // A location, the documents, small talk and a topic filter answer with one text, not a topic's responses.
  const answerText = result.answered_by === 'topic' ? '' : (result.answer_text?.trim() ?? '');
  const written = answerWrittenIn(result.source, language);
  return (
    <div
      className="k-message k-message-bot"
      data-testid="kiosk-message-bot"
      data-fallback={String(result.fallback)}
      data-answered-by={result.answered_by}
      aria-label={strings.assistant}
    >
      {answerText && !result.fallback ? (
        <>
          <TextBubble text={answerText} lang={written ? HTML_LANG[written] : undefined} />
          {result.location && (
            <LocationCard
              answer={result.location}
              strings={strings}
              language={language}
              api={api.location ? { location: api.location } : undefined}
              realtime={realtime}
            />
          )}
          {result.source && (
            <p className="k-source" data-testid="kiosk-answer-source">
              {sourceLine(result.source, strings, language)}
            </p>
          )}
        </>
      ) : noContent && !result.fallback && spoken.length > 0 ? (
        spoken.map((text, index) => <TextBubble key={index} text={text} />)
      ) : noContent ? (
        <TextBubble text={fallback} />
      ) : (
        shown.map((response) =>
          response.contents.map((content, index) => (
            <ResponseContentView
              key={`${response.id}-${index}`}
              content={content}
              strings={strings}
              onAsk={onAsk}
            />
          )),
        )
      )}
      {result.fallback && (withChat || withCall) && (
        <div
          className="k-staff-offer"
          role="group"
          aria-label={strings.staffOffer}
          data-testid="kiosk-staff-offer"
        >
          <p className="k-staff-offer-text">{strings.staffOffer}</p>
          <div className="k-staff-offer-buttons">
            <StaffButtons strings={strings} withChat={withChat} withCall={withCall} onOpen={onStaff} />
          </div>
        </div>
      )}
      {related.length > 0 && (
        <div className="k-related" role="group" aria-label={strings.related}>
          <span className="k-related-label">{strings.related}</span>
          {related.map((topic) => (
            <button
              key={topic.id}
              type="button"
              className="k-chip"
              data-testid="kiosk-related"
              onClick={() => onAsk(topic.name)}
            >
              {topic.name}
            </button>
          ))}
        </div>
      )}
      {withRating && result.conversation_id !== null && !result.fallback && (
        <RatingBar api={api} conversationId={result.conversation_id} strings={strings} />
      )}
    </div>
  );
}
