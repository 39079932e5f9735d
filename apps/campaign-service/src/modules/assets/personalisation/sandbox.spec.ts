import { LiquidSandbox, SANDBOX_LIMITS } from './liquid-sandbox';
import { RenderPlan } from './render-core';
import { verifyCode } from './token-code';

/**
 * Escapes and resource bombs a token or template author could try. Each must be refused or
 * cut off by a limit, and must come back promptly: a runaway text fails alone, it never hangs
 * the service or reads what it should not.
 */
const sandbox = new LiquidSandbox();
const person = { id: 'p1', email: 'jane@example.com', first_name: 'Jane', score: 7 };
// Generous for a loaded CI machine; a hang would take minutes.
const PROMPT_MS = 5_000;

type Outcome = { ok: true; output: string } | { ok: false; error: string };

function attempt(text: string): Outcome & { ms: number } {
  const started = performance.now();
  let outcome: Outcome;
  try {
    outcome = {
      ok: true,
      output: sandbox.renderSync(sandbox.parse(text), { person, tokens: {}, unsubscribe_url: 'u' }),
    };
  } catch (error) {
    outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  return { ...outcome, ms: performance.now() - started };
}

function expectRefused(text: string, reason: RegExp): void {
  const result = attempt(text);
  expect(result.ms).toBeLessThan(PROMPT_MS);
  expect(result).toMatchObject({ ok: false, error: expect.stringMatching(reason) as unknown });
}

function expectHarmless(text: string, output = ''): void {
  const result = attempt(text);
  expect(result.ms).toBeLessThan(PROMPT_MS);
  expect(result).toEqual({ ok: true, output, ms: result.ms });
}

const MEMORY = /memory alloc limit exceeded/;
const TIME_OR_MEMORY = /(memory alloc|template render) limit exceeded/;

describe(LiquidSandbox.name, () => {
  afterAll(() => {
    // Nothing any test rendered may have leaked onto shared prototypes.
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  describe('escapes', () => {
    it('does not reach the constructor of a person', () => expectHarmless('{{ person.constructor }}'));
    it('does not reach Function through constructor chains', () =>
      expectHarmless(
        '{{ person.constructor.constructor }}{{ person["constructor"]["constructor"] }}{{ person.email.constructor.constructor }}',
      ));
    it('does not expose __proto__', () => expectHarmless('{{ person.__proto__ }}{{ person["__proto__"] }}'));
    it('does not expose prototype', () =>
      expectHarmless('{{ person.prototype }}{{ person.constructor.prototype }}'));
    it('does not call inherited methods', () =>
      expectHarmless('{{ person.toString }}{{ person.hasOwnProperty }}{{ person.valueOf }}'));
    it('does not read properties of strings beyond their own', () =>
      expectHarmless(
        '{{ person.email.constructor }}{{ person.email.toUpperCase }}{{ person.email.__proto__ }}',
      ));
    it('has no this, self, globals or process', () =>
      expectHarmless(
        '{{ this }}{{ self }}{{ global.process }}{{ globalThis }}{{ process.env }}{{ require }}',
      ));
    it('does not reach prototypes through map and where filters', () =>
      expectHarmless(
        '{{ person.email | split: "" | map: "constructor" | join: "" }}{{ person | map: "__proto__" | size }}',
        '1',
      ));
    it('cannot pollute Object.prototype through assign, increment or capture', () => {
      const result = attempt(
        '{% assign __proto__ = "x" %}{% assign polluted = 1 %}{% increment __proto__ %}{% capture constructor %}y{% endcapture %}{% decrement toString %}',
      );
      expect(result.ms).toBeLessThan(PROMPT_MS);
      expect(Object.keys(Object.prototype)).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(typeof Object.prototype.toString).toBe('function');
    });
    it('stops output repeated in a loop', () =>
      expectRefused(
        '{% capture s %}{% for i in (1..1000) %}xxxxxxxxxx{% endfor %}{% endcapture %}{% for i in (1..1000) %}{{ s }}{% endfor %}',
        MEMORY,
      ));
    it('refuses include of a file', () =>
      expectRefused('{% include "/etc/passwd" %}', /tag "include" is not allowed/));
    it('refuses render of a file', () =>
      expectRefused('{% render "/etc/passwd" %}', /tag "render" is not allowed/));
    it('refuses layout of a file', () =>
      expectRefused('{% layout "/etc/passwd" %}x', /tag "layout" is not allowed/));
    it('refuses include by a dynamic name and inside liquid tags', () => {
      expectRefused('{% include person.email %}', /not allowed/);
      expectRefused('{% liquid\n include "/etc/passwd"\n %}', /not allowed/);
    });
    it('refuses unknown filters instead of ignoring them', () =>
      expectRefused('{{ person.email | system: "ls" }}', /undefined filter: system/));
  });

  describe('resource bombs', () => {
    it('stops a huge range', () => expectRefused('{% for i in (1..100000000) %}x{% endfor %}', MEMORY));
    it('stops a huge range printed at once', () => expectRefused('{{ (1..100000000) | join: "," }}', MEMORY));
    it('stops nested loops multiplying work', () =>
      expectRefused(
        '{% for i in (1..5000) %}{% for j in (1..5000) %}{{ i }}{% endfor %}{% endfor %}',
        TIME_OR_MEMORY,
      ));
    it('stops a huge tablerow', () =>
      expectRefused('{% tablerow i in (1..50000000) %}{{ i }}{% endtablerow %}', MEMORY));
    it('stops date padding', () => expectRefused('{{ "now" | date: "%99999999Y" }}', MEMORY));
    it('stops append doubling', () =>
      expectRefused(
        '{% assign s = "xxxxxxxxxx" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}',
        MEMORY,
      ));
    it('stops replace amplification', () =>
      expectRefused(
        '{% assign s = "aaaaaaaaaa" %}{% for i in (1..12) %}{% assign s = s | replace: "a", "aaaaaaaaaa" %}{% endfor %}{{ s | size }}',
        MEMORY,
      ));
    it('stops capture recursion doubling a variable', () =>
      expectRefused(
        '{% assign a = "ab" %}{% for i in (1..64) %}{% capture a %}{{ a }}{{ a }}{% endcapture %}{% endfor %}{{ a | size }}',
        MEMORY,
      ));
    it('stops a long loop of cheap work by time or memory', () =>
      expectRefused('{% for i in (1..4000000) %}{% assign x = i | plus: 1 %}{% endfor %}', TIME_OR_MEMORY));
    it('refuses deep nesting of tags', () =>
      expectRefused(
        `${'{% if true %}'.repeat(10_000)}x${'{% endif %}'.repeat(10_000)}`,
        /nested too deeply/,
      ));
    it('refuses a 10 MB template', () => expectRefused('x'.repeat(10 * 1024 * 1024), /too long/));
    it('stops split and join amplification', () =>
      expectRefused(
        '{% assign s = "a,a,a,a,a,a,a,a,a,a" %}{% for i in (1..30) %}{% assign s = s | split: "" | join: "," %}{% endfor %}{{ s | size }}',
        TIME_OR_MEMORY,
      ));
    it('keeps big times numbers as numbers', () =>
      expectHarmless('{{ 10 | times: 1e300 | times: 1e300 | size }}', '0'));
    it('stops a huge slice length', () => expectRefused('{{ person.email | slice: 0, 999999999 }}', MEMORY));
  });

  describe('tokens under limits', () => {
    it('renders a runaway token as its fallback and still renders the text', () => {
      const plan = new RenderPlan(sandbox, { body: 'Hi {{ tokens.bomb }}!' }, [
        {
          name: 'bomb',
          code: '{% for i in (1..100000000) %}x{% endfor %}',
          default_value: 'friend',
          return_type: 'string',
        },
      ]);
      const started = performance.now();
      expect(plan.render(person, 'u')).toEqual({ texts: { body: 'Hi friend!' }, errors: {} });
      expect(performance.now() - started).toBeLessThan(PROMPT_MS);
    });

    it('keeps tokens named like prototype members as plain values', () => {
      const plan = new RenderPlan(
        sandbox,
        { body: '{{ tokens.__proto__ }}/{{ tokens.constructor }}/{{ tokens.toString }}' },
        [
          { name: '__proto__', code: '{{ "a" }}', default_value: 'x', return_type: 'string' },
          { name: 'constructor', code: '{{ "b" }}', default_value: 'x', return_type: 'string' },
        ],
      );
      expect(plan.render(person, 'u').texts.body).toBe('a/b/');
    });

    it('reports a token that exceeds a limit when it is verified, without a position', () => {
      expect(verifyCode(sandbox, '{% for i in (1..100000000) %}x{% endfor %}', { person })).toEqual({
        error: {
          position: null,
          reason: 'Invalid token',
          message: 'memory alloc limit exceeded (a list or text of more than 1,000,000 items)',
        },
      });
    });

    it('has limits a typical email is far below', () => {
      expect(SANDBOX_LIMITS.parse).toBeGreaterThanOrEqual(500_000);
      expect(SANDBOX_LIMITS.render).toBeLessThanOrEqual(1_000);
    });
  });
});
