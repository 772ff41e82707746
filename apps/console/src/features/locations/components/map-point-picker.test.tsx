import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import '@/i18n/i18n';
import { MapPointPicker, nudge, pointIn, type MapPoint } from './map-point-picker';

afterEach(cleanup);

/** The picker with its point kept in state, as the location dialog keeps it. */
function Picker({ initial = null }: { initial?: MapPoint | null }) {
  const [point, setPoint] = useState<MapPoint | null>(initial);
  return (
    <MapPointPicker imageUrl="/media/plan.png" mapName="Ground floor" point={point} onChange={setPoint} />
  );
}

/** The map shows 400 × 200 px at (100, 50) on the screen. */
function placeMap() {
  const area = screen.getByTestId('map-point-picker-area');
  area.getBoundingClientRect = () =>
    ({ left: 100, top: 50, width: 400, height: 200, right: 500, bottom: 250, x: 100, y: 50 }) as DOMRect;
  return area;
}
const marker = () => screen.getByTestId('map-point-picker-marker');
const at = () => ({ x: Number(marker().dataset.x), y: Number(marker().dataset.y) });

describe('MapPointPicker', () => {
  it('places the point where the map is clicked, as fractions of the map', () => {
    render(<Picker />);
    expect(screen.queryByTestId('map-point-picker-marker')).toBeNull();
    expect(screen.getByText('Click on the map where the location is.')).toBeTruthy();
    fireEvent.click(placeMap(), { clientX: 200, clientY: 200 });
    expect(at()).toEqual({ x: 0.25, y: 0.75 });
    // A second click elsewhere moves it there.
    fireEvent.click(placeMap(), { clientX: 500, clientY: 50 });
    expect(at()).toEqual({ x: 1, y: 0 });
    expect(marker().getAttribute('aria-label')).toBe('Point at 100.0% across, 0.0% down');
  });

  it('moves the focused pin with the arrow keys, further with Shift, never off the map', () => {
    render(<Picker initial={{ x: 0.5, y: 0.5 }} />);
    marker().focus();
    fireEvent.keyDown(marker(), { key: 'ArrowRight' });
    expect(at()).toEqual({ x: 0.505, y: 0.5 });
    fireEvent.keyDown(marker(), { key: 'ArrowUp', shiftKey: true });
    expect(at()).toEqual({ x: 0.505, y: 0.45 });
    for (let i = 0; i < 30; i++) fireEvent.keyDown(marker(), { key: 'ArrowLeft', shiftKey: true });
    expect(at().x).toBe(0);
  });

  it('drags the pin to where the pointer lets go', () => {
    render(<Picker initial={{ x: 0.1, y: 0.1 }} />);
    placeMap();
    fireEvent.pointerDown(marker(), { pointerId: 1, clientX: 140, clientY: 70 });
    fireEvent.pointerMove(marker(), { pointerId: 1, clientX: 300, clientY: 150 });
    fireEvent.pointerUp(marker(), { pointerId: 1, clientX: 300, clientY: 150 });
    expect(at()).toEqual({ x: 0.5, y: 0.5 });
    // After letting go, moving the pointer does nothing.
    fireEvent.pointerMove(marker(), { pointerId: 1, clientX: 400, clientY: 150 });
    expect(at()).toEqual({ x: 0.5, y: 0.5 });
  });

  it('sets a point with the keyboard alone: a button puts it in the middle', () => {
    render(<Picker />);
    fireEvent.click(screen.getByTestId('map-point-picker-centre'));
    expect(at()).toEqual({ x: 0.5, y: 0.5 });
    expect(screen.queryByTestId('map-point-picker-centre')).toBeNull();
  });

  it('keeps points inside the map and ignores other keys', () => {
    const rect = { left: 0, top: 0, width: 100, height: 50 };
    expect(pointIn(rect, -20, 80)).toEqual({ x: 0, y: 1 });
    expect(pointIn({ ...rect, width: 0 }, 10, 10)).toBeNull();
    expect(nudge({ x: 0.2, y: 0.2 }, 'Enter', false)).toBeNull();
    expect(nudge({ x: 0.999, y: 0.2 }, 'ArrowRight', false)).toEqual({ x: 1, y: 0.2 });
  });
});
