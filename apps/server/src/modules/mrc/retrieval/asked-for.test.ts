import { describe, expect, it } from 'vitest';
import { askedFor, holdsAskedFor } from './asked-for.js';
import { answerFrom } from './service.js';
import { GIFT_SHOP_AND_CAR_PARK, indexOf } from '../../../test/mrc-index.js';

describe('what a question plainly asks for', () => {
  it('reads a time, a price, a count or a length in English and in Chinese of each script', () => {
    expect(askedFor('What time does the gift shop close?')).toEqual(['time']);
    expect(askedFor('商場幾點關門？')).toEqual(['time']);
    expect(askedFor('How much does parking cost?')).toEqual(['price']);
    expect(askedFor('泊車幾多錢一個鐘？')).toEqual(['price']);
    expect(askedFor('停车多少钱？')).toEqual(['price']);
    expect(askedFor('How many visitors can come at once?')).toEqual(['count']);
    expect(askedFor('每次可以借幾本書？')).toEqual(['count']);
    expect(askedFor('How long are lost items kept?')).toEqual(['duration']);
    expect(askedFor('積分多久過期？')).toEqual(['duration']);
    // Most questions ask for no one kind of fact.
    expect(askedFor('Where is the pharmacy?')).toEqual([]);
    expect(askedFor('可以帶狗入商場嗎？')).toEqual([]);
  });

  it('finds the kind in an answer, written either way', () => {
    expect(holdsAskedFor(['time'], 'The gift shop closes at 6 pm.')).toBe(true);
    expect(holdsAskedFor(['time'], '商場每日由上午十時至晚上十時營業。')).toBe(true);
    expect(holdsAskedFor(['time'], 'The gift shop is in the main lobby beside the pharmacy.')).toBe(false);
    expect(holdsAskedFor(['price'], 'Coats are stored for free.')).toBe(true);
    expect(holdsAskedFor(['price'], '私家車每小時收費二十五元。')).toBe(true);
    expect(holdsAskedFor(['price'], 'Pay at the machines by the lifts.')).toBe(false);
    // "How much luggage can I bring?" asks for an amount.
    expect(holdsAskedFor(['price'], 'Each guest may bring two bags.')).toBe(true);
    expect(holdsAskedFor(['duration'], 'Items are held for a month.')).toBe(true);
    expect(holdsAskedFor(['duration'], 'Ask at the security counter.')).toBe(false);
    expect(holdsAskedFor(['count'], 'No more than two visitors may be at a bedside.')).toBe(true);
    expect(holdsAskedFor(['duration'], '積分有效期為兩年。')).toBe(true);
    expect(holdsAskedFor([], 'Anything at all.')).toBe(true);
    // A time written with a colon (issue 34: folding had made 13:00 into 13 00).
    expect(holdsAskedFor(['time'], 'The gift shop is open from 13:00 to 18:30.')).toBe(true);
    expect(holdsAskedFor(['time'], '商場營業時間為10:00至22:00。')).toBe(true);
    expect(holdsAskedFor(['time'], 'Visiting is allowed between 14:30 and 20:00 daily.')).toBe(true);
  });
});

describe('an answer without what was asked for', () => {
  it('is not given, while the same sentence answers a question it does answer', async () => {
    const index = await indexOf(GIFT_SHOP_AND_CAR_PARK);
    expect(answerFrom(index, 'Where is the gift shop?', 0.1).text).toContain('main lobby');
    const closing = answerFrom(index, 'What time does the gift shop close?', 0.1);
    expect(closing.answered).toBe(false);
    // The passage is still shown among the hits, for the operator to see why.
    expect(closing.hits[0]?.text).toContain('gift shop');
    expect(answerFrom(index, 'How much does the car park cost?', 0.1).text).toContain('$25 per hour');
  });
});
