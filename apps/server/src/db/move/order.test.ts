import { describe, expect, it } from 'vitest';
import { copyOrder, type ForeignKey } from './order.js';

const key = (table: string, references: string): ForeignKey => ({
  name: `${table}_${references}_fk`,
  table,
  references,
  definition: '',
});

describe('the order tables are filled in', () => {
  it('puts every table after the tables it references, ties by name', () => {
    const { order, deferred } = copyOrder(
      ['conversations', 'devices', 'projects', 'users', 'media'],
      [
        key('conversations', 'devices'),
        key('devices', 'projects'),
        key('users', 'projects'),
        key('media', 'users'),
      ],
    );
    expect(order).toEqual(['projects', 'devices', 'conversations', 'users', 'media']);
    expect(deferred).toEqual([]);
  });

  it('defers a tree’s key to itself and one key of tables that reference each other', () => {
    const { order, deferred } = copyOrder(
      ['a', 'b', 'topics', 'c'],
      [key('topics', 'topics'), key('a', 'b'), key('b', 'a'), key('c', 'a')],
    );
    expect(order).toEqual(['topics', 'a', 'b', 'c']);
    expect(deferred.map((k) => k.name).sort()).toEqual(['a_b_fk', 'topics_topics_fk']);
  });
});
