import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { useNearViewport } from './use-near-viewport';

type Watch = { callback: IntersectionObserverCallback; elements: Element[]; disconnected: boolean };
const watches: Watch[] = [];

// jsdom lays nothing out: a stand-in observer that reports what the test says is on screen.
class FakeObserver {
  private readonly watch: Watch;
  constructor(callback: IntersectionObserverCallback) {
    this.watch = { callback, elements: [], disconnected: false };
    watches.push(this.watch);
  }
  observe(element: Element) {
    this.watch.elements.push(element);
  }
  disconnect() {
    this.watch.disconnected = true;
  }
}

let renders = 0;

function Probe() {
  renders++;
  const [shown, setShown] = useState(false);
  const [ref, near] = useNearViewport();
  return (
    <>
      <button onClick={() => setShown(true)}>show</button>
      {shown && <div ref={ref} data-testid="part" />}
      <output>{near ? 'near' : 'far'}</output>
    </>
  );
}

afterEach(() => {
  cleanup();
  watches.length = 0;
  vi.unstubAllGlobals();
});

describe('useNearViewport', () => {
  it('watches an element that mounts after the first render, and stops once it came near', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Probe />);
    expect(watches).toHaveLength(0);
    const before = renders;
    act(() => screen.getByText('show').click());
    // Watched without a render of its own when it mounted: one render, the click's.
    expect(renders - before).toBe(1);
    expect(watches).toHaveLength(1);
    expect(watches[0]!.elements).toEqual([screen.getByTestId('part')]);
    expect(screen.getByRole('status').textContent).toBe('far');

    act(() =>
      watches[0]!.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    expect(screen.getByRole('status').textContent).toBe('near');
    expect(watches[0]!.disconnected).toBe(true);
    expect(watches).toHaveLength(1);
  });

  it('is near at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByRole('status').textContent).toBe('near');
  });
});
