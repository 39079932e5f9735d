import { likePattern } from './sql-text';

describe(likePattern.name, () => {
  it('matches the keyword literally anywhere: wildcards and backslashes are escaped', () => {
    expect(likePattern('ada')).toBe('%ada%');
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
