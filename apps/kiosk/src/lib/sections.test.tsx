import type { KioskSections } from '@ambassador/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONFIG, answer, fakeDevice, openChat, renderKiosk, response } from '../test/fake-device';

/** jsdom has no Web Speech API: enough of Chrome's for the microphone button to be offered. */
class FakeRecognition {
  start() {}
  stop() {}
  abort() {}
}

const ANSWER = answer([response([{ type: 'text', placement: 'general', values: ['We open at 9.'] }])], {
  related: [{ id: 9, name: 'Parking' }],
});

/** A kiosk whose config carries these sections and whose /ask answers with related topics. */
function kioskWith(sections: KioskSections) {
  vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
  fakeDevice((call) => {
    if (call.path === '/config') return { body: { ...CONFIG, sections } };
    if (call.path === '/ask') return { body: ANSWER };
    return undefined;
  });
  return renderKiosk();
}

async function ask(text: string) {
  const input = await openChat();
  fireEvent.change(input, { target: { value: text } });
  fireEvent.click(screen.getByTestId('kiosk-send'));
  await screen.findByText('We open at 9.');
}

describe('interface sections', () => {
  it('show everything when nothing is switched off', async () => {
    kioskWith({});
    await screen.findByTestId('kiosk-start-english');
    expect(screen.getByTestId('kiosk-greeting')).toBeTruthy();
    expect(screen.getByTestId('kiosk-call')).toBeTruthy();
    expect(screen.getByTestId('kiosk-staff-chat')).toBeTruthy();
    await ask('When do you open?');
    expect(screen.getByTestId('kiosk-mic')).toBeTruthy();
    expect(screen.getByTestId('kiosk-related').textContent).toBe('Parking');
    expect(screen.getByTestId('kiosk-rate-up')).toBeTruthy();
  });

  it('hide what the operator switched off, on the start screen and in the chat', async () => {
    kioskWith({
      start: { greeting: false },
      ask: { voice_input: false, related_topics: false, rating: false },
      staff: { chat_with_staff: true, call_staff: false },
    });
    await screen.findByTestId('kiosk-start-english');
    expect(screen.queryByTestId('kiosk-greeting')).toBeNull();
    expect(screen.queryByTestId('kiosk-call')).toBeNull();
    expect(screen.getByTestId('kiosk-staff-chat')).toBeTruthy();
    await ask('When do you open?');
    // Typing stays: it is how a visitor asks at all.
    expect(screen.getByTestId('kiosk-input')).toBeTruthy();
    expect(screen.queryByTestId('kiosk-mic')).toBeNull();
    expect(screen.queryByTestId('kiosk-related')).toBeNull();
    expect(screen.queryByTestId('kiosk-rate-up')).toBeNull();
    expect(screen.queryByTestId('kiosk-call')).toBeNull();
  });

  it('offers no staff row, and no staff offer on a fallback, when both ways are off', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    fakeDevice((call) => {
      if (call.path === '/config')
        return { body: { ...CONFIG, sections: { staff: { chat_with_staff: false, call_staff: false } } } };
      if (call.path === '/ask') return { body: answer([], { fallback: true, intent: null }) };
      return undefined;
    });
    renderKiosk();
    await screen.findByTestId('kiosk-start-english');
    expect(screen.queryByTestId('kiosk-staff-chat')).toBeNull();
    const input = await openChat();
    fireEvent.change(input, { target: { value: 'Where is the moon?' } });
    fireEvent.click(screen.getByTestId('kiosk-send'));
    await screen.findByText('Please ask our staff at the front desk.');
    expect(screen.queryByTestId('kiosk-staff-offer')).toBeNull();
  });

  it('follow a change from the console at once, without a reload', async () => {
    const { sockets } = kioskWith({});
    await screen.findByTestId('kiosk-call');
    await sockets.ready();
    sockets.socket.serverSend('interface:sections', { staff: { chat_with_staff: true, call_staff: false } });
    expect(screen.queryByTestId('kiosk-call')).toBeNull();
    expect(screen.getByTestId('kiosk-staff-chat')).toBeTruthy();
    // Also in a chat already open.
    await openChat();
    expect(screen.queryByTestId('kiosk-call')).toBeNull();
    sockets.socket.serverSend('interface:sections', { staff: { chat_with_staff: true, call_staff: true } });
    expect(screen.getByTestId('kiosk-call')).toBeTruthy();
  });
});
