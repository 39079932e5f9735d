import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The tokens feature owns its table: personalisation gets saved tokens through the service the
 * tokens module exports (SavedTokensService), never by reading the entity or the table itself.
 */
describe('personalisation and the tokens table', () => {
  const sources = readdirSync(__dirname)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'))
    .map((name) => ({ name, text: readFileSync(join(__dirname, name), 'utf8') }));

  it('has its sources to look at', () => {
    expect(sources.map((s) => s.name)).toContain('personalisation.service.ts');
  });

  it.each(['email-token.entity', 'EmailTokenEntity', 'email_tokens', 'tokens.repository'])(
    'does not reach for %s',
    (needle) => {
      expect(sources.filter((source) => source.text.includes(needle)).map((source) => source.name)).toEqual(
        [],
      );
    },
  );

  it('reads saved tokens through the tokens module service', () => {
    const service = sources.find((s) => s.name === 'personalisation.service.ts')?.text ?? '';
    expect(service).toContain("from '../tokens/saved-tokens.service'");
  });
});
