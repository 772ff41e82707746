import type { LocationAnswer } from '@ambassador/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STRINGS } from '../i18n/strings';
import { LocationCard } from './location-card';

const PHARMACY: LocationAnswer = {
  location_id: 7,
  localization: 'cantonese',
  name: '藥房',
  address: 'A座地下',
  phone_number: '2345 6789',
  image: '',
  opening_hours: [{ day: 'weekdays', start: '09:00', end: '18:00', overnight: false }],
  open_now: true,
  time_zone: 'Asia/Hong_Kong',
  categories: ['Clinics'],
  map: { id: 3, name: 'Ground floor', url: '/media/plan.png', web_url: null, width: 800, height: 600 },
  poi: { x: 0.25, y: 0.75 },
  you_are_here: { x: 0.5, y: 0.5 },
};

describe('kiosk location answer', () => {
  it('shows the map with the point where the location is and the kiosk’s own position, in the visitor’s language', () => {
    render(<LocationCard answer={PHARMACY} strings={STRINGS.cantonese} language="cantonese" />);
    expect(screen.getByRole('img', { name: '地圖：Ground floor' }).getAttribute('src')).toBe(
      '/media/plan.png',
    );
    const point = screen.getByRole('img', { name: '藥房喺呢度' });
    expect(point.style.left).toBe('25%');
    expect(point.style.top).toBe('75%');
    expect(screen.getByText('你喺呢度')).toBeTruthy();
    expect(screen.getByText('A座地下')).toBeTruthy();
    expect(screen.getByText('而家營業緊')).toBeTruthy();
  });

  it('shows no "you are here" when the kiosk stands on another map, and says when it is closed', () => {
    render(
      <LocationCard
        answer={{
          ...PHARMACY,
          localization: 'english',
          name: 'Pharmacy',
          you_are_here: null,
          open_now: false,
        }}
        strings={STRINGS.english}
        language="english"
      />,
    );
    expect(screen.queryByTestId('kiosk-you-are-here')).toBeNull();
    expect(screen.getByText('Closed now')).toBeTruthy();
  });
});
