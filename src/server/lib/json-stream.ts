import { Readable } from 'node:stream';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON array written as its items arrive, batch by batch (docs/decisions/014): a million creators leave
 * the server without ever being in memory together. The first batch is read before anything is sent, so a
 * failing query still becomes an ordinary error reply; `head` and `tail` wrap the array in an object.
 */
export async function jsonArrayStream(
  batches: AsyncIterator<unknown[]>,
  wrap: { head: string; tail: string } = { head: '', tail: '' },
): Promise<Readable> {
  let result: IteratorResult<unknown[]> | undefined = await batches.next();
  async function* chunks(): AsyncGenerator<Buffer> {
    let separator = '';
    yield Buffer.from(`${wrap.head}[`);
    while (result && !result.done) {
      let text = '';
      for (const item of result.value) {
        text += separator + JSON.stringify(item);
        separator = ',';
      }
      // The batch is let go before its text is written and the next one read: a million rows pass through
      // the young heap without piling up in the old one.
      result = undefined;
      if (text) yield Buffer.from(text);
      result = await batches.next();
    }
    yield Buffer.from(`]${wrap.tail}`);
  }
  return Readable.from(chunks(), { objectMode: false });
}
