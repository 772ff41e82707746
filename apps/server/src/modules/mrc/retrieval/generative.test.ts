import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bm25Index } from './bm25.js';
import { createGenerate } from './llm.js';
import type { IndexRegistry } from './registry.js';
import { createRetrievalService } from './service.js';
import { GIFT_SHOP_AND_CAR_PARK, indexOf } from '../../../test/mrc-index.js';

/**
 * The generative path against an OpenAI-compatible chat-completions endpoint on this machine: a
 * model cannot run here, so the endpoint answers what each test sets, over real HTTP.
 */
describe('document answers written by a language model', () => {
  let reply: { status: number; content?: string; redirect?: boolean; huge?: boolean } = {
    status: 200,
    content: '',
  };
  const asked: string[] = [];
  /** Where a redirect points: it must never be asked (it would get the passages). */
  const elsewhere: string[] = [];
  const other = http.createServer((req, res) => {
    req.on('data', (chunk: Buffer) => elsewhere.push(chunk.toString()));
    req.on('end', () => res.end('{}'));
  });
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      asked.push(body);
      if (reply.redirect) {
        const { port } = other.address() as AddressInfo;
        res.writeHead(307, { location: `http://127.0.0.1:${port}/v1/chat/completions` });
        res.end();
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      if (reply.huge) {
        // 20 MB of answer, streamed without a length: read only until the cap, then dropped.
        const chunk = 'x'.repeat(1024 * 1024);
        res.write(`{"choices":[{"message":{"content":"`);
        let sent = 0;
        const more = () => {
          while (sent < 20 && res.write(chunk)) sent++;
          if (sent < 20) res.once('drain', more);
          else res.end('"}}]}');
        };
        res.on('error', () => undefined);
        more();
        return;
      }
      res.end(JSON.stringify({ choices: [{ message: { content: reply.content } }] }));
    });
  });
  let index: Bm25Index;
  let service: ReturnType<typeof createRetrievalService>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // The gift shop's hours too, for the model to answer from.
    index = await indexOf([
      [GIFT_SHOP_AND_CAR_PARK[0][0], `${GIFT_SHOP_AND_CAR_PARK[0][1]} It opens from 9 am to 6 pm.`],
      GIFT_SHOP_AND_CAR_PARK[1],
    ]);
    const indexes = { get: async () => index, dense: () => null } as unknown as IndexRegistry;
    service = createRetrievalService({
      indexes,
      generate: createGenerate({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm', timeoutMs: 2_000 }),
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => other.close(() => resolve()));
  });

  it('answers in the model’s words, from the passage it cites', async () => {
    reply = { status: 200, content: 'The gift shop closes at 6 pm [1].' };
    const r = await service.query({ device_id: 1, text: 'What time does the gift shop close?' });
    expect(r).toMatchObject({ answered: true, declined: null, generative: true });
    expect(r.text).toBe('The gift shop closes at 6 pm.');
    expect(r.source?.heading).toBe('Flowers and gifts');
    // The model was given the passages and the question.
    expect(asked.at(-1)).toContain('The gift shop is in the main lobby');
    expect(asked.at(-1)).toContain('What time does the gift shop close?');
  });

  it('takes the model’s “no answer” as final, even where a sentence would have been quoted', async () => {
    reply = { status: 200, content: 'NO_ANSWER' };
    const r = await service.query({ device_id: 1, text: 'Where is the gift shop?' });
    expect(r).toMatchObject({ answered: false, declined: 'model', text: null, source: null });
    // The passages it read are still shown.
    expect(r.hits[0]?.heading).toBe('Flowers and gifts');
  });

  it('quotes the documents when the model fails, and still checks what was asked for', async () => {
    reply = { status: 500 };
    const where = await service.query({ device_id: 1, text: 'Where is the gift shop?' });
    expect(where).toMatchObject({ answered: true, declined: null, generative: false });
    expect(where.text).toContain('main lobby');
    const closing = await service.query({ device_id: 1, text: 'What time does the car park close?' });
    expect(closing).toMatchObject({ answered: false, declined: 'asked_for', asked_for: ['time'] });
  });

  it('never follows the model to another address, nor reads an answer past 1 MB: it quotes instead', async () => {
    reply = { status: 200, redirect: true };
    const moved = await service.query({ device_id: 1, text: 'Where is the gift shop?' });
    expect(moved).toMatchObject({ answered: true, generative: false });
    expect(elsewhere).toEqual([]);
    reply = { status: 200, huge: true };
    const huge = await service.query({ device_id: 1, text: 'Where is the gift shop?' });
    expect(huge).toMatchObject({ answered: true, generative: false });
    expect(huge.text).toContain('main lobby');
  });

  it('does not ask the model about a question the documents score too low for', async () => {
    const before = asked.length;
    const r = await service.query({ device_id: 1, text: 'Who won the football match last night?' });
    expect(r).toMatchObject({ answered: false, declined: 'score' });
    expect(asked.length).toBe(before);
  });
});
