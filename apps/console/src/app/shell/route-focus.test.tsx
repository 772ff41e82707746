import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { focusMainContent, useRouteFocus } from './route-focus';
import { SkipLink } from './skip-link';

afterEach(cleanup);

/** A shell in miniature: a control before <main>, and a screen whose heading comes when it loads. */
function Frame({ pageLoad = false }: { pageLoad?: boolean }) {
  const main = useRef<HTMLElement>(null);
  const [path, setPath] = useState('/dashboard');
  const [loaded, setLoaded] = useState(false);
  useRouteFocus(main, path, pageLoad);
  return (
    <>
      <SkipLink onSkip={() => focusMainContent(main.current)} />
      <button type="button" onClick={() => setPath('/ai')}>
        go
      </button>
      <button type="button" onClick={() => setLoaded(true)}>
        load
      </button>
      <main ref={main}>{loaded ? <h1>{path}</h1> : <p>loading</p>}</main>
    </>
  );
}

describe('focus on the screen after a change of path', () => {
  it('focuses the heading once the lazily drawn screen shows it, not the body', async () => {
    render(<Frame />);
    expect(document.activeElement).toBe(document.body);
    // The heading comes after the path changed: the observer finds it, and it is focused at the
    // next frame.
    act(() => fireEvent.click(screen.getByText('load')));
    const heading = screen.getByRole('heading', { name: '/dashboard' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('moves the focus to the new heading when the path changes', async () => {
    render(<Frame />);
    act(() => fireEvent.click(screen.getByText('load')));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: '/dashboard' })),
    );
    screen.getByText('go').focus();
    act(() => fireEvent.click(screen.getByText('go')));
    expect(document.activeElement).toBe(screen.getByText('go'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: '/ai' })));
  });

  it('leaves the focus at the top of the document on the screen the page loaded with, then follows changes', async () => {
    render(<Frame pageLoad />);
    act(() => fireEvent.click(screen.getByText('load')));
    screen.getByRole('heading', { name: '/dashboard' });
    // Two frames: any focus the hook had scheduled would have landed.
    await act(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(document.activeElement).toBe(document.body);
    act(() => fireEvent.click(screen.getByText('go')));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: '/ai' })));
  });

  it('"Skip to content" moves the focus from the bars to the heading', () => {
    render(<Frame />);
    act(() => fireEvent.click(screen.getByText('load')));
    screen.getByText('go').focus();
    fireEvent.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '/dashboard' }));
  });
});
