import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AskResult } from '@ambassador/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  FAST,
  SESSION_ID,
  answer,
  fakeDevice,
  openChat,
  renderKiosk,
  response,
  type DeviceCall,
  type DeviceReply,
} from '../test/fake-device';
import { STRINGS } from '../i18n/strings';

/** A kiosk in an English chat whose /ask answers with `reply` (and records every call). */
async function chatWith(reply: (call: DeviceCall) => DeviceReply, timing = FAST) {
  const calls = fakeDevice((call) => (call.path === '/ask' ? reply(call) : undefined));
  renderKiosk({ timing });
  const input = await openChat();
  return { calls, input, asks: () => calls.filter((c) => c.path === '/ask') };
}

function type(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

const lastBot = () => screen.getAllByTestId('kiosk-message-bot').at(-1)!;

const EVERY_KIND: AskResult = answer(
  [
    response([
      { type: 'text', placement: 'general', values: ['We open at 10:00.', 'Last entry 17:30.'] },
      {
        type: 'buttons',
        num_of_column: 2,
        button_type: 'postback',
        values: [
          { text: 'Tickets', payload: 'ticket prices' },
          { text: 'Map', payload: '' },
          { text: 'Café', payload: 'cafe' },
          { text: '', payload: '' },
        ],
      },
      { type: 'image', url: '/media/hall.png', size: 4 },
      {
        type: 'cards',
        cards: [
          {
            id: 'c1',
            image_url: '/media/ship.png',
            title: 'Tall ship',
            description: 'Our oldest exhibit',
            buttons: [{ text: 'More', payload: 'tall ship' }],
          },
          { id: 'c2', image_url: '', title: 'Lighthouse', description: '', buttons: [] },
        ],
      },
      {
        type: 'list',
        elements: [
          { title: 'Gallery A', subtitle: 'Ground floor', image_url: '', payload: 'gallery a' },
          { title: 'Gallery B', subtitle: '', image_url: '', payload: '' },
        ],
      },
      {
        type: 'dropdown',
        title: 'Choose a day',
        values: [
          { text: 'Monday', payload: 'monday hours' },
          { text: 'Sunday', payload: '' },
        ],
      },
    ]),
  ],
  { related: [{ id: 9, name: 'Guided tours' }] },
);

describe('chat', () => {
  it('offers what visitors ask most until the first question, and asks a tapped one', async () => {
    const calls = fakeDevice((call) => {
      if (call.path === '/suggestions') return { body: ['When do you open?', 'Where can I park?'] };
      if (call.path === '/ask')
        return { body: answer([response([{ type: 'text', placement: 'general', values: ['At ten.'] }])]) };
      return undefined;
    });
    renderKiosk();
    await openChat();
    const chips = await screen.findAllByTestId('kiosk-suggested');
    expect(chips.map((c) => c.textContent)).toEqual(['When do you open?', 'Where can I park?']);
    expect(screen.getByRole('group', { name: 'You can ask' })).toBeTruthy();
    fireEvent.click(chips[0]!);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/ask')?.body).toMatchObject({ text: 'When do you open?' }),
    );
    expect(await screen.findByTestId('kiosk-message-visitor')).toHaveProperty(
      'textContent',
      'When do you open?',
    );
    expect(screen.queryByTestId('kiosk-suggested')).toBeNull();
  });

  it('shows the question at once with a typing indicator, then the answer', async () => {
    let release: (reply: DeviceReply) => void = () => undefined;
    const { input, asks } = await chatWith(() => new Promise((resolve) => (release = resolve)) as never);
    type(input, '  When do you open?  ');

    expect(screen.getByTestId('kiosk-message-visitor').textContent).toBe('When do you open?');
    expect(screen.getByTestId('kiosk-typing')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
    expect(asks()[0]!.body).toEqual({
      session_id: SESSION_ID,
      text: 'When do you open?',
      language: 'english',
    });

    release({ body: answer([response([{ type: 'text', placement: 'general', values: ['At ten.'] }])]) });
    await waitFor(() => expect(lastBot().textContent).toContain('At ten.'));
    expect(screen.queryByTestId('kiosk-typing')).toBeNull();
    expect(lastBot().dataset.fallback).toBe('false');
  });

  it('renders every content kind of an answer', async () => {
    const { input } = await chatWith(() => ({ body: EVERY_KIND }));
    type(input, 'hours');
    await screen.findByTestId('kiosk-content-dropdown');
    const bot = within(lastBot());

    expect(bot.getAllByTestId('kiosk-content-text').map((n) => n.textContent)).toEqual([
      'We open at 10:00.',
      'Last entry 17:30.',
    ]);
    const grid = bot.getByTestId('kiosk-content-buttons');
    expect(grid.dataset.columns).toBe('2');
    expect(grid.style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
    expect(bot.getAllByTestId('kiosk-content-button').map((n) => n.textContent)).toEqual([
      'Tickets',
      'Map',
      'Café',
    ]);
    // The padding entry keeps the last row's shape as a blank cell.
    expect(grid.children).toHaveLength(4);
    expect(grid.children[3]!.textContent).toBe('');

    const image = bot.getByTestId('kiosk-content-image') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/media/hall.png');
    expect(image.style.width).toBe('40%');

    const cards = bot.getAllByTestId('kiosk-content-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Tall ship', 'Lighthouse']);
    expect(cards[0]!.textContent).toContain('Our oldest exhibit');
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe('/media/ship.png');

    const list = bot.getByTestId('kiosk-content-list');
    expect(list.textContent).toContain('Gallery A');
    expect(list.textContent).toContain('Ground floor');
    expect(list.textContent).toContain('Gallery B');

    const select = bot.getByTestId('kiosk-content-dropdown') as HTMLSelectElement;
    expect(bot.getByText('Choose a day')).toBeTruthy();
    expect(Array.from(select.options, (o) => o.textContent)).toEqual(['Choose…', 'Monday', 'Sunday']);

    expect(bot.getByTestId('kiosk-related').textContent).toBe('Guided tours');
  });

  it('asks what a tapped button, card, list element, dropdown choice or related topic stands for', async () => {
    let count = 0;
    const { input, asks } = await chatWith(() => ({ body: { ...EVERY_KIND, conversation_id: ++count } }));
    type(input, 'hours');

    const taps: [() => HTMLElement, string][] = [
      [() => within(lastBot()).getByRole('button', { name: 'Tickets' }), 'ticket prices'],
      [() => within(lastBot()).getByRole('button', { name: 'Map' }), 'Map'],
      [() => within(lastBot()).getByRole('button', { name: 'More' }), 'tall ship'],
      [() => within(lastBot()).getByRole('button', { name: /Gallery A/ }), 'gallery a'],
      [() => within(lastBot()).getByTestId('kiosk-related'), 'Guided tours'],
    ];
    for (const [target, question] of taps) {
      const before = asks().length;
      await waitFor(() => expect(screen.queryByTestId('kiosk-typing')).toBeNull());
      fireEvent.click(target());
      await waitFor(() => expect(asks()).toHaveLength(before + 1));
      expect((asks().at(-1)!.body as { text: string }).text).toBe(question);
    }
    // Gallery B has no payload: it is information, not a question.
    await waitFor(() => expect(screen.queryByTestId('kiosk-typing')).toBeNull());
    expect(within(lastBot()).queryByRole('button', { name: /Gallery B/ })).toBeNull();

    fireEvent.change(within(lastBot()).getByTestId('kiosk-content-dropdown'), { target: { value: '1' } });
    await waitFor(() => expect((asks().at(-1)!.body as { text: string }).text).toBe('Sunday'));
    expect(screen.getAllByTestId('kiosk-message-visitor').at(-1)!.textContent).toBe('Sunday');
  });

  it('sends once on a double tap of a button or of send', async () => {
    const { input, asks } = await chatWith(() => ({ body: EVERY_KIND }));
    fireEvent.change(input, { target: { value: 'hours' } });
    fireEvent.click(screen.getByTestId('kiosk-send'));
    fireEvent.click(screen.getByTestId('kiosk-send'));
    await screen.findByTestId('kiosk-content-dropdown');
    expect(asks()).toHaveLength(1);

    const tickets = within(lastBot()).getByRole('button', { name: 'Tickets' });
    fireEvent.click(tickets);
    fireEvent.click(tickets);
    await waitFor(() => expect(screen.getAllByTestId('kiosk-message-bot')).toHaveLength(3));
    expect(asks()).toHaveLength(2);
    expect(screen.getAllByTestId('kiosk-message-visitor')).toHaveLength(2);
  });

  it('retries a dropped question with the same Idempotency-Key until it is answered', async () => {
    let attempt = 0;
    const { input, asks } = await chatWith(() =>
      ++attempt < 3
        ? 'network'
        : { body: answer([response([{ type: 'text', placement: 'general', values: ['Found it.'] }])]) },
    );
    type(input, 'lost and found');

    await waitFor(() => expect(lastBot().textContent).toContain('Found it.'));
    const keys = asks().map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(screen.queryByTestId('kiosk-message-error')).toBeNull();
  });

  it('keeps the question after the retries run out, and Try again reuses its key', async () => {
    let online = false;
    const { input, asks } = await chatWith(() =>
      online
        ? { body: answer([response([{ type: 'text', placement: 'general', values: ['Yes.'] }])]) }
        : 'network',
    );
    type(input, 'Is the café open?');

    const error = await screen.findByTestId('kiosk-message-error');
    expect(error.textContent).toContain("couldn't reach the server");
    expect(asks()).toHaveLength(4); // the first try and three retries
    expect(screen.getByTestId('kiosk-message-visitor').textContent).toBe('Is the café open?');

    online = true;
    fireEvent.click(screen.getByTestId('kiosk-retry'));
    await waitFor(() => expect(lastBot().textContent).toContain('Yes.'));
    expect(screen.queryByTestId('kiosk-message-error')).toBeNull();
    const keys = new Set(asks().map((c) => c.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect((asks().at(-1)!.body as { text: string }).text).toBe('Is the café open?');

    // A new question gets a key of its own.
    type(input, 'Thanks');
    await waitFor(() => expect(asks()).toHaveLength(6));
    expect(asks()[5]!.headers['idempotency-key']).not.toBe(asks()[0]!.headers['idempotency-key']);
  });

  it('shows a refusal at once without retrying', async () => {
    const { input, asks } = await chatWith(() => ({
      status: 400,
      body: { success: false, message: 'Maximum 500 characters', error: 'validation_error' },
    }));
    type(input, 'x');
    expect((await screen.findByTestId('kiosk-message-error')).textContent).toContain(
      'Maximum 500 characters',
    );
    expect(asks()).toHaveLength(1);
  });

  it('shows the fallback text when nothing matched', async () => {
    const { input } = await chatWith(() => ({
      body: answer([], { fallback: true, intent: null, fallback_text: 'Sorry, please ask at the desk.' }),
    }));
    type(input, 'zebra');
    await waitFor(() => expect(lastBot().dataset.fallback).toBe('true'));
    expect(lastBot().textContent).toContain('Sorry, please ask at the desk.');
  });

  it('shows an answer read from a document with its file and page, and rates it', async () => {
    const { input } = await chatWith(() => ({
      body: answer([], {
        intent: null,
        answered_by: 'document',
        answer_text: 'Visiting hours are 2 pm to 8 pm every day.',
        answer_speech: null,
        source: {
          document_id: 4,
          filename: 'visitor-guide.pdf',
          page: 3,
          heading: 'Visiting',
          passage_id: 9,
          language: 'english',
        },
      }),
    }));
    type(input, 'when can I visit');
    await waitFor(() => expect(lastBot().dataset.answeredBy).toBe('document'));
    expect(lastBot().textContent).toContain('Visiting hours are 2 pm to 8 pm every day.');
    expect(within(lastBot()).getByTestId('kiosk-answer-source').textContent).toBe(
      'From visitor-guide.pdf, page 3',
    );
    expect(within(lastBot()).getByText(STRINGS.english.helpful)).toBeTruthy();
  });

  it('says when a document answers in another language than asked, and reads it in that language', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    const source = (language: 'english' | 'mandarin') => ({
      document_id: 4,
      filename: 'guide.pdf',
      page: 2,
      heading: null,
      passage_id: 9,
      language,
    });
    const replies = [
      { text: 'Pets on a lead are welcome.', source: source('english') },
      { text: '宠物须以绳牵引。', source: source('mandarin') },
    ];
    const calls = fakeDevice((call) => {
      if (call.path === '/ask') {
        const next = replies.shift()!;
        return {
          body: answer([], {
            intent: null,
            answered_by: 'document',
            answer_text: next.text,
            answer_speech: null,
            source: next.source,
            language: 'cantonese',
          }),
        };
      }
      if (call.path === '/speech') return { blob: new Blob(['RIFF'], { type: 'audio/wav' }) };
      return undefined;
    });
    renderKiosk();
    const input = await openChat('cantonese');
    type(input, '可唔可以帶狗入嚟？');
    await waitFor(() => expect(lastBot().dataset.answeredBy).toBe('document'));
    expect(within(lastBot()).getByTestId('kiosk-answer-source').textContent).toBe(
      '出自 guide.pdf 第 2 頁 · 原文係English',
    );
    expect(within(lastBot()).getByTestId('kiosk-content-text').getAttribute('lang')).toBe('en');
    await waitFor(() => expect(calls.filter((c) => c.path === '/speech')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/speech')!.body).toEqual({
      language: 'english',
      text: 'Pets on a lead are welcome.',
    });
    // Chinese of another variety reads as the visitor's own: nothing added, the session's voice.
    type(input, '狗仔呢？');
    await waitFor(() => expect(screen.getAllByTestId('kiosk-message-bot')).toHaveLength(3));
    expect(within(lastBot()).getByTestId('kiosk-answer-source').textContent).toBe('出自 guide.pdf 第 2 頁');
    expect(within(lastBot()).getByTestId('kiosk-content-text').getAttribute('lang')).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.path === '/speech')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/speech')[1]!.body).toMatchObject({ language: 'cantonese' });
  });

  it('goes on in the language the visitor wrote in: screen, voice and the next question', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    const replies: AskResult[] = [
      answer(
        [response([{ type: 'text', placement: 'general', values: ['美食廣場喺三樓。'] }], '美食廣場喺三樓')],
        {
          language: 'cantonese',
        },
      ),
      answer([response([{ type: 'text', placement: 'general', values: ['Level 3.'] }], 'Level 3')]),
    ];
    const calls = fakeDevice((call) => {
      if (call.path === '/ask') return { body: replies.shift()! };
      if (call.path === '/speech') return { blob: new Blob(['RIFF'], { type: 'audio/wav' }) };
      return undefined;
    });
    renderKiosk();
    const input = await openChat();
    type(input, '邊度有嘢食？');
    await waitFor(() => expect(screen.getAllByTestId('kiosk-message-bot')).toHaveLength(2));
    const switched = screen.getByTestId('kiosk-language-switch');
    expect(switched.textContent).toBe(STRINGS.cantonese.languageSwitched);
    expect(switched.getAttribute('lang')).toBe('zh-Hant-HK');
    // The bar, the composer and the voice are Cantonese now.
    expect(screen.getByText('廣東話')).toBeTruthy();
    expect(screen.getByTestId('kiosk-input').getAttribute('placeholder')).toBe(
      STRINGS.cantonese.inputPlaceholder,
    );
    await waitFor(() => expect(calls.filter((c) => c.path === '/speech')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/speech')!.body).toEqual({
      language: 'cantonese',
      text: '美食廣場喺三樓',
    });

    // The next question goes in Cantonese; answered in English, the screen says so and follows.
    type(screen.getByTestId('kiosk-input'), 'Which floor?');
    await waitFor(() => expect(screen.getAllByTestId('kiosk-message-bot')).toHaveLength(3));
    expect(
      calls.filter((c) => c.path === '/ask').map((c) => (c.body as { language: string }).language),
    ).toEqual(['english', 'cantonese']);
    expect(screen.getAllByTestId('kiosk-language-switch').map((n) => n.textContent)).toEqual([
      STRINGS.cantonese.languageSwitched,
      STRINGS.english.languageSwitched,
    ]);
    expect(screen.getByTestId('kiosk-input').getAttribute('placeholder')).toBe(
      STRINGS.english.inputPlaceholder,
    );
  });

  it('keeps the session language when an older server answers without one', async () => {
    const { language: _dropped, ...older } = answer([
      response([{ type: 'text', placement: 'general', values: ['喺三樓。'] }]),
    ]);
    fakeDevice((call) => (call.path === '/ask' ? { body: older } : undefined));
    renderKiosk();
    const input = await openChat('cantonese');
    type(input, '美食廣場喺邊？');
    await waitFor(() => expect(screen.getAllByTestId('kiosk-message-bot')).toHaveLength(2));
    expect(screen.queryByTestId('kiosk-language-switch')).toBeNull();
    expect(screen.getByTestId('kiosk-input').getAttribute('placeholder')).toBe(
      STRINGS.cantonese.inputPlaceholder,
    );
  });

  it('shows small talk and a declined topic as their one text, without a source', async () => {
    const replies: Partial<AskResult>[] = [
      { intent: null, answered_by: 'small_talk', answer_text: 'Hello! Nice to meet you.' },
      { intent: null, answered_by: 'declined', answer_text: "Sorry, I can't talk about politics." },
    ];
    const { input } = await chatWith(() => ({ body: answer([], replies.shift()) }));
    type(input, 'hi');
    await waitFor(() => expect(lastBot().dataset.answeredBy).toBe('small_talk'));
    expect(lastBot().textContent).toContain('Hello! Nice to meet you.');
    type(input, 'who should I vote for');
    await waitFor(() => expect(lastBot().dataset.answeredBy).toBe('declined'));
    expect(lastBot().textContent).toContain("Sorry, I can't talk about politics.");
    expect(screen.queryByTestId('kiosk-answer-source')).toBeNull();
  });

  it.each(['english', 'cantonese', 'japanese'] as const)(
    'offers staff instead of a rating on a fallback, in %s',
    async (language) => {
      const strings = STRINGS[language];
      fakeDevice((call) =>
        call.path === '/ask'
          ? { body: answer([], { fallback: true, intent: null, conversation_id: 52, language }) }
          : undefined,
      );
      renderKiosk();
      type(await openChat(language), 'zebra');
      await waitFor(() => expect(lastBot().dataset.fallback).toBe('true'));
      const offer = within(lastBot()).getByTestId('kiosk-staff-offer');
      expect(offer.textContent).toContain(strings.staffOffer);
      expect(within(offer).getByTestId('kiosk-staff-chat').textContent).toBe(strings.talkToStaff);
      expect(within(offer).getByTestId('kiosk-call').textContent).toBe(strings.callStaff);
      expect(within(lastBot()).queryByTestId('kiosk-rate-up')).toBeNull();
      expect(lastBot().textContent).not.toContain(strings.helpful);

      fireEvent.click(within(offer).getByTestId('kiosk-staff-chat'));
      expect(await screen.findByTestId('kiosk-staff-start')).toBeTruthy();
    },
  );

  it('asks for a rating, not for staff, when the question was answered', async () => {
    const { input } = await chatWith(() => ({
      body: answer([response([{ type: 'text', placement: 'general', values: ['At ten.'] }])]),
    }));
    type(input, 'hours');
    await screen.findByTestId('kiosk-rate-up');
    expect(screen.queryByTestId('kiosk-staff-offer')).toBeNull();
  });

  it('shows each related topic once, and none that a button of the answer already offers', async () => {
    const { input } = await chatWith(() => ({
      body: answer(
        [
          response([
            { type: 'text', placement: 'general', values: ['Parking is on B2.'] },
            {
              type: 'buttons',
              num_of_column: 1,
              button_type: 'postback',
              values: [{ text: 'EV charging', payload: 'ev charging' }],
            },
          ]),
        ],
        {
          related: [
            { id: 5, name: 'Taxi stand' },
            { id: 5, name: 'Taxi stand' },
            { id: 6, name: ' taxi stand' },
            { id: 7, name: 'EV charging' },
            { id: 8, name: 'Valet' },
          ],
        },
      ),
    }));
    type(input, 'parking');
    await screen.findByText('Parking is on B2.');
    expect(
      within(lastBot())
        .getAllByTestId('kiosk-related')
        .map((b) => b.textContent),
    ).toEqual(['Taxi stand', 'Valet']);
  });

  it("uses the device's fallback message when the answer carries none", async () => {
    const { input } = await chatWith(() => ({ body: answer([], { fallback: true, fallback_text: null }) }));
    type(input, 'zebra');
    await waitFor(() => expect(lastBot().textContent).toContain('Please ask our staff at the front desk.'));
  });

  it('renders server text as text, never as markup', async () => {
    const { input } = await chatWith(() => ({
      body: answer([
        response([
          { type: 'text', placement: 'general', values: ['<img src=x onerror=alert(1)><b>bold</b>'] },
        ]),
      ]),
    }));
    type(input, 'html');
    await waitFor(() => expect(lastBot().textContent).toContain('<b>bold</b>'));
    expect(lastBot().querySelector('b')).toBeNull();
    expect(lastBot().querySelectorAll('img')).toHaveLength(0);
  });

  it('posts a thumb at once, then an optional comment, and thanks the visitor', async () => {
    const { input, calls } = await chatWith(() => ({
      body: answer([response([{ type: 'text', placement: 'general', values: ['At ten.'] }])], {
        conversation_id: 77,
      }),
    }));
    type(input, 'hours');
    await screen.findByTestId('kiosk-rate-up');

    fireEvent.click(screen.getByTestId('kiosk-rate-down'));
    fireEvent.click(screen.getByTestId('kiosk-rate-down'));
    expect((await screen.findByTestId('kiosk-rated')).textContent).toBe('Thanks for your feedback!');
    const ratings = () => calls.filter((c) => c.path === '/conversations/77/rating');
    expect(ratings().map((c) => c.body)).toEqual([{ rating: -1, comment: '' }]);
    expect(screen.getByTestId('kiosk-rate-up')).toHaveProperty('disabled', true);

    fireEvent.change(screen.getByTestId('kiosk-comment'), { target: { value: ' The map was unclear ' } });
    fireEvent.click(screen.getByTestId('kiosk-comment-send'));
    await waitFor(() =>
      expect(screen.getByTestId('kiosk-rated').textContent).toBe('Thanks, we received your comment.'),
    );
    expect(ratings().map((c) => c.body)).toEqual([
      { rating: -1, comment: '' },
      { rating: -1, comment: 'The map was unclear' },
    ]);
    expect(screen.queryByTestId('kiosk-comment')).toBeNull();
  });

  it('lets the visitor rate again when the rating could not be sent', async () => {
    let failRating = true;
    fakeDevice((call) => {
      if (call.path === '/ask') return { body: answer([]) };
      if (call.path.endsWith('/rating') && failRating) return 'network';
      return undefined;
    });
    renderKiosk();
    type(await openChat(), 'hours');
    fireEvent.click(await screen.findByTestId('kiosk-rate-up'));
    expect((await screen.findByRole('alert')).textContent).toContain("couldn't be sent");
    expect(screen.queryByTestId('kiosk-rated')).toBeNull();

    failRating = false;
    fireEvent.click(screen.getByTestId('kiosk-rate-up'));
    expect((await screen.findByTestId('kiosk-rated')).textContent).toBe('Thanks for your feedback!');
  });

  it('plays the speech of an answer, and asks for none when muted', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    const calls = fakeDevice((call) => {
      if (call.path === '/ask')
        return {
          body: answer([response([{ type: 'text', placement: 'general', values: ['Hi.'] }], 'Hello there')]),
        };
      if (call.path === '/speech') return { blob: new Blob(['RIFF'], { type: 'audio/wav' }) };
      return undefined;
    });
    renderKiosk();
    const input = await openChat();
    type(input, 'hello');
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path === '/speech').map((c) => c.body)).toEqual([
      { language: 'english', text: 'Hello there' },
    ]);

    fireEvent.click(screen.getByTestId('kiosk-mute'));
    type(input, 'hello again');
    await waitFor(() => expect(screen.getAllByTestId('kiosk-message-bot')).toHaveLength(3));
    expect(calls.filter((c) => c.path === '/speech')).toHaveLength(1);
  });

  it('stays silent when the server has no speech engine', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { input, calls } = await chatWith(() => ({
      body: answer([response([], 'Only spoken')]),
    }));
    type(input, 'hello');
    // A response that only speaks is written out too.
    await waitFor(() => expect(lastBot().textContent).toContain('Only spoken'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/speech')).toHaveLength(1));
    type(input, 'again');
    await waitFor(() => expect(screen.getAllByTestId('kiosk-message-bot')).toHaveLength(3));
    // 503 tts_unavailable once is enough: no more speech requests.
    expect(calls.filter((c) => c.path === '/speech')).toHaveLength(1);
    expect(play).not.toHaveBeenCalled();
  });

  it('warns an idle visitor, keeps the session on a touch, and ends it when nobody answers', async () => {
    const { calls } = await chatWith(() => undefined, { ...FAST, idleMs: 600, warningMs: 400 });

    expect((await screen.findByTestId('kiosk-idle')).textContent).toContain('Are you still there?');
    fireEvent.click(screen.getByTestId('kiosk-idle-continue'));
    expect(screen.queryByTestId('kiosk-idle')).toBeNull();
    expect(screen.getByTestId('kiosk-input')).toBeTruthy();

    await screen.findByTestId('kiosk-idle');
    expect(await screen.findByTestId('kiosk-start-english', {}, { timeout: 2000 })).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === `/sessions/${SESSION_ID}/end`)).toHaveLength(1),
    );
  });

  it('has no mic where the browser cannot listen', async () => {
    fakeDevice();
    renderKiosk();
    await openChat();
    expect(screen.queryByTestId('kiosk-mic')).toBeNull();
    expect(screen.getByTestId('kiosk-input')).toBeTruthy();
  });

  it('listens in the visitor language, shows what it hears and asks it when the visitor stops', async () => {
    // jsdom has no Web Speech API: a stand-in for Chrome's webkitSpeechRecognition.
    type Result = { transcript: string }[] & { isFinal: boolean };
    const heard = (text: string, isFinal: boolean) =>
      Object.assign([{ transcript: text }], { isFinal }) as Result;
    const instances: FakeRecognition[] = [];
    class FakeRecognition {
      lang = '';
      interimResults = false;
      continuous = true;
      maxAlternatives = 0;
      onresult: ((e: { results: Result[] }) => void) | null = null;
      onerror: ((e: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      started = false;
      constructor() {
        instances.push(this);
      }
      start() {
        this.started = true;
      }
      stop() {
        this.onend?.();
      }
      abort() {}
    }
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const calls = fakeDevice((call) => (call.path === '/ask' ? { body: answer([]) } : undefined));
    renderKiosk();
    const input = (await openChat('cantonese')) as HTMLInputElement;

    fireEvent.click(screen.getByTestId('kiosk-mic'));
    const recognition = instances[0]!;
    expect(recognition.started).toBe(true);
    expect(recognition.lang).toBe('zh-HK');
    expect(recognition.interimResults).toBe(true);
    expect(screen.getByTestId('kiosk-mic').getAttribute('aria-pressed')).toBe('true');
    // A band over the field says so, in the visitor's language, and shows what it hears.
    const band = screen.getByTestId('kiosk-listening');
    expect(band.textContent).toContain(STRINGS.cantonese.listening);
    expect(screen.getByTestId('kiosk-transcript').textContent).toBe(STRINGS.cantonese.listeningHint);

    act(() => recognition.onresult?.({ results: [heard('幾點', false)] }));
    expect(input.value).toBe('幾點');
    expect(screen.getByTestId('kiosk-transcript').textContent).toBe('幾點');
    act(() => recognition.onresult?.({ results: [heard('幾點開門', true)] }));
    act(() => recognition.onend?.());

    await waitFor(() => expect(calls.filter((c) => c.path === '/ask')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/ask')!.body).toMatchObject({
      text: '幾點開門',
      language: 'cantonese',
    });
    expect(screen.getByTestId('kiosk-message-visitor').textContent).toBe('幾點開門');
    expect(input.value).toBe('');
    expect(screen.getByTestId('kiosk-mic').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('kiosk-listening')).toBeNull();
  });

  it('puts the mic away when the microphone is refused', async () => {
    class RefusedRecognition {
      lang = '';
      interimResults = false;
      continuous = false;
      maxAlternatives = 1;
      onresult = null;
      onerror: ((e: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        queueMicrotask(() => {
          this.onerror?.({ error: 'not-allowed' });
          this.onend?.();
        });
      }
      stop() {}
      abort() {}
    }
    vi.stubGlobal('webkitSpeechRecognition', RefusedRecognition);
    fakeDevice();
    renderKiosk();
    await openChat();
    fireEvent.click(screen.getByTestId('kiosk-mic'));
    const note = await screen.findByText(STRINGS.english.micUnavailable);
    expect(note.getAttribute('role')).toBe('status');
    expect(screen.queryByTestId('kiosk-mic')).toBeNull();
    expect(screen.queryByTestId('kiosk-listening')).toBeNull();
  });
});
