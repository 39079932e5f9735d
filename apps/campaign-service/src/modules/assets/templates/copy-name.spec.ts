import { copyName } from './copy-name';

describe(copyName.name, () => {
  it("names a copy 'Copy of {name}'", () => {
    expect(copyName('Welcome')).toBe('Copy of Welcome');
  });

  it('numbers the copy when the name is taken, ignoring case', () => {
    expect(copyName('Welcome', ['copy of welcome'])).toBe('Copy of Welcome (2)');
    expect(copyName('Welcome', ['Copy of Welcome', 'Copy of Welcome (2)'])).toBe('Copy of Welcome (3)');
  });

  it('stays within 255 characters', () => {
    const long = 'x'.repeat(255);
    expect(copyName(long)).toHaveLength(255);
    expect(copyName(long, [copyName(long)])).toMatch(/ \(2\)$/);
    expect(copyName(long, [copyName(long)])).toHaveLength(255);
  });
});
