import type { ReactNode } from 'react';

/** A panel's title bar with its way back (directory, map): always the first thing in the panel. */
export function PanelBar({
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
  id,
  label,
  placeholder,
  clearLabel,
  value,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  placeholder: string;
  clearLabel: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
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
