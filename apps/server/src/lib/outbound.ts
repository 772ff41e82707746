/**
 * Calls to services the operator configured (a language model, an embeddings endpoint): never
 * followed to another address (a redirect would re-send the project's texts and key there), and
 * their answers read only up to a size, so a broken or hostile service cannot fill the memory.
 */
export class OutboundError extends Error {}

/** fetch with redirects refused: a 3xx is an error, not a second request. */
export function fetchOutbound(url: string, init: RequestInit): Promise<Response> {
  return fetch(url, { ...init, redirect: 'error' });
}

/** The answer's JSON, read while it stays within `maxBytes` (the stream is cancelled past it). */
export async function readJsonCapped(res: Response, maxBytes: number): Promise<unknown> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new OutboundError(`the answer is ${declared} bytes, more than ${maxBytes}`);
  }
  const reader = res.body?.getReader();
  if (!reader) throw new OutboundError('the answer has no body');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new OutboundError(`the answer is more than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}
