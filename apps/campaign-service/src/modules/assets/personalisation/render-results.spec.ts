import { ResultPacker, renderResultMessages, unpackResults } from './render-results';
import type { RenderedTexts } from './render-core';

function roundTrip(keys: string[], results: RenderedTexts[], maxBytes?: number): RenderedTexts[] {
  const packer = new ResultPacker(keys, results.length, undefined, maxBytes);
  for (const result of results) packer.add(result);
  // As postMessage would deliver it: the buffers moved, the rest cloned.
  const { packed, transfer } = packer.finish();
  return unpackResults(structuredClone(packed, { transfer }));
}

describe(ResultPacker.name, () => {
  it('gives back every person’s texts and errors, in order', () => {
    const results: RenderedTexts[] = [
      { texts: { subject: 'Hi Ada', body: '<p>Hello &lt;Ada&gt;</p>' }, errors: {} },
      { texts: { subject: '', body: 'plain' }, errors: { subject: 'Unknown filter "nope"' } },
      { texts: { subject: '', body: '' }, errors: {} },
    ];
    expect(roundTrip(['subject', 'body'], results)).toEqual(results);
  });

  it('keeps texts beyond ASCII exact: accents, CJK, emoji across text boundaries', () => {
    const results: RenderedTexts[] = [
      { texts: { a: 'Grüße, Zoë', b: '東京 👋🏽' }, errors: {} },
      { texts: { a: '😀', b: 'é' }, errors: {} },
    ];
    expect(roundTrip(['a', 'b'], results)).toEqual(results);
  });

  it('marks a batch ASCII only when every text is, so the service may decode it byte for byte', () => {
    const packed = (texts: string[]) => {
      const packer = new ResultPacker(['body'], texts.length);
      for (const body of texts) packer.add({ texts: { body }, errors: {} });
      return packer.finish().packed.ascii;
    };
    expect(packed(['<p>Hi</p>', ''])).toBe(true);
    expect(packed(['<p>Hi</p>', 'café'])).toBe(false);
    expect(packed(['ÿ'])).toBe(false);
    expect(packed(['\ud800'])).toBe(false);
  });

  it('grows past its first buffer for large output', () => {
    const big = 'x'.repeat(300_000) + 'ü'.repeat(100_000);
    const results = Array.from({ length: 5 }, (_, i) => ({ texts: { body: `${i}${big}` }, errors: {} }));
    expect(roundTrip(['body'], results)).toEqual(results);
  });

  it('answers one result per person even for a job without texts', () => {
    expect(
      roundTrip(
        [],
        [
          { texts: {}, errors: {} },
          { texts: {}, errors: {} },
        ],
      ),
    ).toEqual([
      { texts: {}, errors: {} },
      { texts: {}, errors: {} },
    ]);
  });

  it('keeps a key named like a prototype member as a plain own key', () => {
    const [result] = roundTrip(['__proto__'], [{ texts: {}, errors: {} }]);
    expect(Object.getPrototypeOf(result?.texts)).toBe(Object.prototype);
    expect(Object.keys(result?.texts ?? {})).toEqual(['__proto__']);
  });

  it('fails the batch when its output passes the limit', () => {
    const packer = new ResultPacker(['body'], 2, undefined, 1_000);
    packer.add({ texts: { body: 'x'.repeat(600) }, errors: {} });
    expect(() => packer.add({ texts: { body: 'x'.repeat(600) }, errors: {} })).toThrow(
      renderResultMessages.tooLarge,
    );
  });
});
