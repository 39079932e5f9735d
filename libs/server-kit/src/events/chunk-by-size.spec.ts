import { chunkBySerialisedSize } from './chunk-by-size';

describe('chunkBySerialisedSize', () => {
  it('keeps order and every chunk within the limit', () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ id: i, text: 'x'.repeat(i) }));
    const chunks = chunkBySerialisedSize(items, 200);
    expect(chunks.flat()).toEqual(items);
    for (const chunk of chunks) {
      if (chunk.length > 1) expect(Buffer.byteLength(JSON.stringify(chunk))).toBeLessThanOrEqual(201);
    }
    expect(chunks.length).toBeGreaterThan(1);
  });

  it('sends an item over the limit alone and nothing for no items', () => {
    expect(chunkBySerialisedSize(['a', 'b'.repeat(100), 'c'], 20)).toEqual([['a'], ['b'.repeat(100)], ['c']]);
    expect(chunkBySerialisedSize([], 20)).toEqual([]);
  });
});
