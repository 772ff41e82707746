import { useId, type ReactNode } from 'react';
import type { Language } from '@ambassador/contracts';
import { HTML_LANG } from '../lib/languages';

/**
 * A panel that owns the screen while open (directory, map): a modal dialog in the visitor's
 * language, named by its title bar with the way back; a touch or keystroke in it is activity.
 */
export function Panel({
  className,
  language,
  title,
  backLabel,
  testId,
  onBack,
  onActivity,
  children,
}: {
  className: string;
  language: Language;
  title: string;
  backLabel: string;
  /** The panel's; its back button's is `${testId}-close`. */
  testId: string;
  onBack: () => void;
  onActivity: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      className={`k-panel ${className}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      lang={HTML_LANG[language]}
      data-testid={testId}
      onPointerDown={onActivity}
      onKeyDown={onActivity}
    >
      <PanelBar
        title={title}
        titleId={titleId}
        backLabel={backLabel}
        backTestId={`${testId}-close`}
        onBack={onBack}
      />
      {children}
    </section>
  );
}

/** A panel's title bar with its way back: always the first thing in the panel. */
function PanelBar({
  title,
  titleId,
  backLabel,
  backTestId,
  onBack,
}: {
  title: ReactNode;
  titleId: string;
  backLabel: string;
  backTestId: string;
  onBack: () => void;
}) {
  return (
    <header className="k-bar">
      <h2 className="k-bar-title k-bar-name" id={titleId}>
        {title}
      </h2>
      <button type="button" className="k-btn k-btn-end" data-testid={backTestId} onClick={onBack}>
        {backLabel}
      </button>
    </header>
  );
}

/** A search box for the screen's keyboard, labelled for screen readers, with a Clear button once typed in. */
export function SearchField({
  label,
  placeholder,
  clearLabel,
  value,
  onChange,
  testId,
}: {
  label: string;
  placeholder: string;
  clearLabel: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="k-directory-search">
      <label className="k-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="k-input"
        type="search"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      {value && (
        <button type="button" className="k-btn k-btn-outline" onClick={() => onChange('')}>
          {clearLabel}
        </button>
      )}
    </div>
  );
}

/** What could not be read, and a way to try again. */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div className="k-card" role="alert">
      <p>{message}</p>
      <button type="button" className="k-btn k-btn-primary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
