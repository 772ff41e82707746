import { useState } from 'react';
import type { ResponseButton, ResponseContent } from '@ambassador/contracts';
import type { Strings } from '../i18n/strings';

type Ask = (text: string) => void;

/** What tapping a button asks: its payload, or its text when it has none. */
export function questionOf(button: ResponseButton): string {
  return button.payload.trim() || button.text.trim();
}

const isBlank = (b: ResponseButton) => b.text === '' && b.payload === '';
const isWebAddress = (s: string) => /^https?:\/\/\S+$/i.test(s.trim());

/** `lang`: the text's own language tag, when it is not the page's (fonts and screen readers follow it). */
export function TextBubble({ text, lang }: { text: string; lang?: string }) {
  return (
    <p className="k-bubble k-bubble-bot" data-testid="kiosk-content-text" lang={lang}>
      {text}
    </p>
  );
}

function ButtonGrid({
  values,
  columns,
  kind,
  onAsk,
}: {
  values: ResponseButton[];
  columns: number;
  kind: 'postback' | 'url';
  onAsk: Ask;
}) {
  return (
    <div
      className="k-button-grid"
      data-testid="kiosk-content-buttons"
      data-columns={columns}
      style={{ gridTemplateColumns: `repeat(${Math.min(4, Math.max(1, columns))}, minmax(0, 1fr))` }}
    >
      {values.map((button, index) => {
        // Padding of the last row keeps the grid's shape and shows nothing.
        if (isBlank(button)) return <span key={index} className="k-button-blank" aria-hidden="true" />;
        const label = button.text || button.payload;
        if (kind === 'url' && isWebAddress(button.payload)) {
          return (
            <a
              key={index}
              className="k-btn k-btn-outline k-answer-btn"
              href={button.payload.trim()}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="kiosk-content-button"
            >
              {label}
            </a>
          );
        }
        return (
          <button
            key={index}
            type="button"
            className="k-btn k-btn-outline k-answer-btn"
            data-testid="kiosk-content-button"
            onClick={() => onAsk(questionOf(button))}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}

function ResponseImage({ url, size }: { url: string; size: number }) {
  const [broken, setBroken] = useState(false);
  if (broken) return null;
  // size 1–10 is a tenth of the answer's width each; never wider than the answer.
  const width = Math.min(10, Math.max(1, Math.round(size))) * 10;
  return (
    <img
      className="k-image"
      src={url}
      alt=""
      loading="lazy"
      data-testid="kiosk-content-image"
      data-size={size}
      style={{ width: `${width}%` }}
      onError={() => setBroken(true)}
    />
  );
}

function Dropdown({
  title,
  values,
  strings,
  onAsk,
}: {
  title: string;
  values: ResponseButton[];
  strings: Strings;
  onAsk: Ask;
}) {
  const options = values.filter((v) => !isBlank(v));
  return (
    <label className="k-bubble k-bubble-bot k-dropdown">
      <span className="k-dropdown-title">{title}</span>
      <select
        className="k-select"
        data-testid="kiosk-content-dropdown"
        value=""
        onChange={(e) => {
          const chosen = options[Number(e.target.value)];
          if (chosen) onAsk(questionOf(chosen));
        }}
      >
        <option value="" disabled>
          {strings.choose}
        </option>
        {options.map((value, index) => (
          <option key={index} value={index}>
            {value.text || value.payload}
          </option>
        ))}
      </select>
    </label>
  );
}

/** One content item of a response, as the visitor sees and taps it. Server text is never HTML. */
export function ResponseContentView({
  content,
  strings,
  onAsk,
}: {
  content: ResponseContent;
  strings: Strings;
  onAsk: Ask;
}) {
  switch (content.type) {
    case 'text':
      return (
        <>
          {content.values.map((value, index) => (
            <TextBubble key={index} text={value} />
          ))}
        </>
      );
    case 'buttons':
      return (
        <ButtonGrid
          values={content.values}
          columns={content.num_of_column}
          kind={content.button_type}
          onAsk={onAsk}
        />
      );
    case 'image':
      return <ResponseImage url={content.url} size={content.size} />;
    case 'cards':
      return (
        <div className="k-cards" data-testid="kiosk-content-cards">
          {content.cards.map((card) => (
            <article key={card.id} className="k-card-item" data-testid="kiosk-content-card">
              {card.image_url && <img className="k-card-image" src={card.image_url} alt="" loading="lazy" />}
              <div className="k-card-body">
                <h3 className="k-card-title">{card.title}</h3>
                {card.description && <p className="k-card-text">{card.description}</p>}
                {card.buttons
                  .filter((b) => !isBlank(b))
                  .map((button, index) => (
                    <button
                      key={index}
                      type="button"
                      className="k-btn k-btn-outline k-answer-btn"
                      data-testid="kiosk-card-button"
                      onClick={() => onAsk(questionOf(button))}
                    >
                      {button.text || button.payload}
                    </button>
                  ))}
              </div>
            </article>
          ))}
        </div>
      );
    case 'list':
      return (
        <ul className="k-list" data-testid="kiosk-content-list">
          {content.elements.map((element, index) => {
            const body = (
              <>
                <span className="k-list-text">
                  <span className="k-list-title">{element.title}</span>
                  {element.subtitle && <span className="k-list-subtitle">{element.subtitle}</span>}
                </span>
                {element.image_url && <img className="k-list-image" src={element.image_url} alt="" />}
              </>
            );
            return (
              <li key={index} data-testid="kiosk-content-list-element">
                {element.payload ? (
                  <button type="button" className="k-list-item" onClick={() => onAsk(element.payload)}>
                    {body}
                  </button>
                ) : (
                  <div className="k-list-item">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      );
    case 'dropdown':
      return <Dropdown title={content.title} values={content.values} strings={strings} onAsk={onAsk} />;
  }
}
