import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { AiResponse } from '@ambassador/contracts';
import '@/i18n/i18n';
import { ResponsePreview } from './response-preview';

afterEach(cleanup);

const response: AiResponse = {
  id: 1,
  intent_id: 2,
  language: 'english',
  device_type: 'ambassador',
  response_aim: 'give_info',
  response_type: 'multimedia',
  speech: 'We open at nine.',
  custom_content: '',
  contents: [
    { type: 'text', placement: 'general', values: ['Hello', 'Line one\nLine two'] },
    {
      type: 'buttons',
      num_of_column: 2,
      button_type: 'postback',
      values: [
        { text: 'Map', payload: 'map' },
        { text: 'Parking', payload: 'parking' },
        { text: 'Toilets', payload: 'toilets' },
        { text: '', payload: '' },
      ],
    },
    { type: 'image', url: '/media/a.png', size: 4 },
    {
      type: 'cards',
      cards: [
        {
          id: 'c1',
          image_url: '/media/c1.png',
          title: 'Cafe',
          description: 'Level 2',
          buttons: [{ text: 'Menu', payload: 'menu' }],
        },
        { id: 'c2', image_url: '', title: 'Shop', description: '', buttons: [] },
      ],
    },
    {
      type: 'list',
      elements: [
        { title: 'Gate A', subtitle: 'North', image_url: '/media/g.png', payload: 'gate a' },
        { title: 'Gate B', subtitle: '', image_url: '', payload: '' },
      ],
    },
    {
      type: 'dropdown',
      title: 'Pick a floor',
      values: [
        { text: 'Ground', payload: 'g' },
        { text: 'First', payload: 'f' },
      ],
    },
  ],
  updated_at: '2025-01-01T00:00:00Z',
};

describe('ResponsePreview', () => {
  it('renders every content kind as a device shows it', () => {
    render(<ResponsePreview response={response} />);
    const root = screen.getByTestId('response-preview');
    expect(within(root).getByTestId('preview-speech').textContent).toContain('We open at nine.');

    expect(screen.getAllByTestId('preview-text').map((b) => b.textContent)).toEqual([
      'Hello',
      'Line one\nLine two',
    ]);

    const buttons = screen.getByTestId('preview-buttons');
    expect(buttons.getAttribute('data-columns')).toBe('2');
    const grid = buttons.firstElementChild as HTMLElement;
    expect(getComputedStyle(grid).gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
    expect(
      within(buttons)
        .getAllByTestId('preview-button')
        .map((b) => b.textContent),
    ).toEqual(['Map', 'Parking', 'Toilets']);
    // The padding entry keeps the grid shape but shows nothing.
    expect(within(buttons).getAllByTestId('preview-button-empty')).toHaveLength(1);

    const image = within(screen.getByTestId('preview-image')).getByRole('presentation', { hidden: true });
    expect(image.getAttribute('src')).toBe('/media/a.png');
    expect(getComputedStyle(image).width).toBe('40%');

    const cards = screen.getAllByTestId('preview-card');
    expect(cards.map((c) => c.textContent)).toEqual(['CafeLevel 2Menu', 'Shop']);
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe('/media/c1.png');

    const elements = within(screen.getByTestId('preview-list')).getAllByTestId('preview-list-element');
    expect(elements.map((e) => e.textContent)).toEqual(['Gate ANorth', 'Gate B']);

    const dropdown = screen.getByTestId('preview-dropdown');
    expect(dropdown.textContent).toContain('Pick a floor');
    expect(
      within(dropdown)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose...', 'Ground', 'First']);
  });

  it('says when there is nothing to show', () => {
    render(<ResponsePreview response={{ speech: '', contents: [] }} />);
    expect(screen.getByTestId('response-preview').textContent).toBe('Nothing to show yet');
  });
});
