import { makeRule } from '@ambassador/contracts';
import { describe, expect, it } from 'vitest';
import { initialDeviceForm, updateDeviceRequest, validateDeviceForm, withDefault } from './device-form';

const device = {
  id: 4,
  description: 'Lobby',
  kind: 'ambassador' as const,
  languages: ['cantonese' as const],
};

describe('device form', () => {
  it('starts a new device with English, Cantonese and Mandarin', () => {
    expect(initialDeviceForm()).toEqual({
      description: '',
      kind: 'ambassador',
      languages: ['english', 'cantonese', 'mandarin'],
    });
  });

  it('needs a name of at most 80 characters and at least one language', () => {
    expect(validateDeviceForm({ description: '   ', kind: 'chatbot', languages: [] })).toEqual({
      description: makeRule('name_required'),
      languages: makeRule('choose_language'),
    });
    expect(
      validateDeviceForm({ description: 'x'.repeat(81), kind: 'chatbot', languages: ['english'] }),
    ).toEqual({
      description: makeRule('maximum_characters', { max: 80 }),
    });
    expect(
      validateDeviceForm({ description: '大堂 kiosk', kind: 'chatbot', languages: ['english'] }),
    ).toEqual({});
  });

  it('moves the chosen default to the front', () => {
    expect(withDefault(['english', 'cantonese', 'mandarin'], 'mandarin')).toEqual([
      'mandarin',
      'english',
      'cantonese',
    ]);
  });

  it('sends only what changed, and nothing when nothing did', () => {
    expect(
      updateDeviceRequest({ description: ' Lobby ', kind: 'ambassador', languages: ['cantonese'] }, device),
    ).toBeNull();
    expect(
      updateDeviceRequest({ description: 'Gate', kind: 'ambassador', languages: ['cantonese'] }, device),
    ).toEqual({
      id: 4,
      description: 'Gate',
    });
    expect(
      updateDeviceRequest(
        { description: 'Lobby', kind: 'ambassador', languages: ['english', 'cantonese'] },
        device,
      ),
    ).toEqual({ id: 4, languages: ['english', 'cantonese'] });
  });
});
