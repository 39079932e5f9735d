import { firstFreeSlug, slugify } from './slug';

describe(slugify.name, () => {
  it.each([
    ['Acme', 'acme'],
    ['Acme Café, Inc.', 'acme-cafe-inc'],
    ['  --Globex   Corp--  ', 'globex-corp'],
    ['Ünïcödé GmbH', 'unicode-gmbh'],
    ['株式会社', 'org'],
    ['', 'org'],
  ])('turns %j into %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('keeps slugs short and never ending in a dash', () => {
    const slug = slugify(`${'a'.repeat(47)} b`);
    expect(slug.length).toBeLessThanOrEqual(48);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe(firstFreeSlug.name, () => {
  it('uses the base when it is free', () => {
    expect(firstFreeSlug('acme', new Set(['globex']))).toBe('acme');
  });

  it('numbers the slug from 2 when the base is taken', () => {
    expect(firstFreeSlug('acme', new Set(['acme', 'acme-2']))).toBe('acme-3');
  });
});
