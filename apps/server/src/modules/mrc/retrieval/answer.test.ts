import { describe, expect, it } from 'vitest';
import { answerFrom } from './service.js';
import { sentencesOf } from './terms.js';
import { indexOf } from '../../../test/mrc-index.js';

const sentences = (text: string) => sentencesOf(text).map((s) => text.slice(s.start, s.end));

describe('sentences of a passage', () => {
  it('ends them at full stops and their CJK forms, not at semicolons', () => {
    expect(sentences('Students use the gym for free; visitors pay $60. The pool opens at 7 am.')).toEqual([
      'Students use the gym for free; visitors pay $60.',
      'The pool opens at 7 am.',
    ]);
    expect(sentences('住客免費泊車；非住客每小時十五元。酒店設有接送服務。')).toEqual([
      '住客免費泊車；非住客每小時十五元。',
      '酒店設有接送服務。',
    ]);
  });
});

describe('the quoted answer', () => {
  const rows: [string, string][] = [
    [
      'Meeting rooms',
      'The shared meeting rooms on the 3rd floor can be booked by tenants through the tenant portal. ' +
        'Each booking may last up to four hours. Cancellations must be made at least two hours ahead.',
    ],
    [
      'Library',
      'The main library is open from 8 am to midnight during term and from 9 am to 6 pm during holidays. ' +
        'Study rooms on the third floor can be booked online by students and staff for up to three hours a day, ' +
        'and a booking that is not claimed within fifteen minutes of its start is released to the next student.',
    ],
    ['Printing', 'Printers are in the library and every computer lab. Colour printing costs 50 cents.'],
  ];

  it('takes the next sentence too when the best one leaves part of the question unsaid', async () => {
    const index = await indexOf(rows);
    const r = answerFrom(index, 'What is the longest I can reserve a meeting room for?', 0.1);
    expect(r.answered).toBe(true);
    expect(r.text).toBe(
      'The shared meeting rooms on the 3rd floor can be booked by tenants through the tenant portal. ' +
        'Each booking may last up to four hours.',
    );
  });

  it('quotes one sentence when it says all the question asks, or when two would be too long', async () => {
    const index = await indexOf(rows);
    const printers = answerFrom(index, 'Where are the printers?', 0.1);
    expect(printers.text).toBe('Printers are in the library and every computer lab.');
    const library = answerFrom(index, 'When is the main library open on Sunday?', 0.1);
    expect(library.text).toBe(
      'The main library is open from 8 am to midnight during term and from 9 am to 6 pm during holidays.',
    );
  });

  it('meets a place by its abbreviation or its name in another region', async () => {
    const english = await indexOf([
      ['Visiting hours', 'The intensive care unit allows visits from 3 pm to 4 pm only.'],
      ['Parking', 'Bicycles can be parked in the racks beside Gate 2.'],
      ['Number of visitors', 'No more than two visitors may be at a bedside at one time.'],
    ]);
    expect(answerFrom(english, 'ICU visiting times?', 0.1).text).toContain('intensive care unit');
    expect(answerFrom(english, 'Where can I leave my bike?', 0.1).text).toContain('Bicycles');
    const chinese = await indexOf([
      ['探病時間', '深切治療部每日只開放下午四時至五時探病。'],
      ['探病人數', '每位病人每次最多兩位訪客。'],
      ['停車', '電單車可停泊於地庫一樓。'],
    ]);
    // Taiwan's and the mainland's names for Hong Kong's 深切治療部 and 電單車.
    expect(answerFrom(chinese, '加護病房幾點可以探病？', 0.1).text).toContain('深切治療部');
    expect(answerFrom(chinese, '重症监护室几点可以探视？', 0.1).text).toContain('深切治療部');
    expect(answerFrom(chinese, '騎機車來要停哪裡？', 0.1).text).toContain('電單車');
  });
});
