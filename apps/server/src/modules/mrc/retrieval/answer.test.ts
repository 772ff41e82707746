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

  it('quotes both sentences of a passage that answer, in document order; one when one answers', async () => {
    const index = await indexOf([
      ['Pets', 'Guide dogs are welcome everywhere. Small pets in a carrier are welcome in the mall.'],
      ['Parking', 'The car park is on levels B1 to B3 and opens at 7 am.'],
      ['Lost property', 'Lost items are kept at the information counter for 30 days.'],
    ]);
    const both = 'Guide dogs are welcome everywhere. Small pets in a carrier are welcome in the mall.';
    expect(answerFrom(index, 'Can I bring my dog?', 0.1).text).toBe(both);
    // The first sentence says all the question asks, and the second answers it as well.
    expect(answerFrom(index, 'Are dogs welcome?', 0.1).text).toBe(both);
    expect(answerFrom(index, 'Are pets allowed?', 0.1).text).toBe(
      'Small pets in a carrier are welcome in the mall.',
    );
    // The second says too little of this one ("welcome", not "dogs" nor "everywhere").
    expect(answerFrom(index, 'Are dogs welcome everywhere?', 0.1).text).toBe(
      'Guide dogs are welcome everywhere.',
    );
    expect(answerFrom(index, 'Where is the car park?', 0.1).text).toBe(
      'The car park is on levels B1 to B3 and opens at 7 am.',
    );
    // Apart in the passage, the two are quoted in the document's order, without what lies between.
    const apart = await indexOf([
      [
        'Pets',
        'Guide dogs are welcome everywhere. The mall opens at 10 am every day. Small pets in a carrier are welcome in the mall.',
      ],
      ['Parking', 'The car park is on levels B1 to B3 and opens at 7 am.'],
    ]);
    expect(answerFrom(apart, 'Are dogs welcome?', 0.1).text).toBe(both);
  });

  it('quotes both in Chinese too, and one when one answers', async () => {
    const index = await indexOf([
      ['寵物', '導盲犬可進入商場各處。小型寵物放在寵物袋內亦可進入商場。'],
      ['停車', '停車場位於地庫一至三樓，早上七時開放。'],
      ['失物', '失物會在詢問處保存三十日。'],
    ]);
    const both = '導盲犬可進入商場各處。小型寵物放在寵物袋內亦可進入商場。';
    // The second says all the question asks; the first, that guide dogs may go in, answers too.
    expect(answerFrom(index, '寵物可以進入商場嗎？', 0.1).text).toBe(both);
    expect(answerFrom(index, '宠物可以进入商场吗？', 0.1).text).toBe(both);
    // The first holds only 商場 of this one: not close enough.
    expect(answerFrom(index, '可以帶寵物進商場嗎？', 0.1).text).toBe('小型寵物放在寵物袋內亦可進入商場。');
    expect(answerFrom(index, '停車場在哪裡？', 0.1).text).toBe('停車場位於地庫一至三樓，早上七時開放。');
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
