import { randomBytes } from 'node:crypto';
import { LiquidSandbox } from './liquid-sandbox';
import { outputProblem } from './output-lint';
import { RenderPlan } from './render-core';
import { classifyValue, positionAt, samplePerson, verifyCode } from './token-code';
import { signerFor, unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-links';

const sandbox = new LiquidSandbox();
const sample = {
  person: samplePerson([
    { name: 'email', type: 'string' },
    { name: 'first_name', type: 'string' },
    { name: 'score', type: 'integer' },
    { name: 'signup_date', type: 'datetime' },
    { name: 'vip', type: 'boolean' },
    { name: 'tags', type: 'string' },
  ]),
};
const verify = (code: string) => verifyCode(sandbox, code, sample);

describe(verifyCode.name, () => {
  it.each([
    ['{{ person.first_name }}', 'string'],
    ['Hello {{ person.first_name }}', 'string'],
    ['{{ person.score }}', 'number'],
    ['  {{ person.score | plus: 1 }}\n', 'number'],
    ['{{ person.signup_date }}', 'datetime'],
    ['{{ person.signup_date | to_date }}', 'datetime'],
    ['{{ person.vip }}', 'boolean'],
    ['{{ person.email | includes: "@example.com" }}', 'boolean'],
    ['{{ person.tags | split: "," }}', 'array'],
    ['{{ person }}', 'hashmap'],
    ['{% if person.vip %}gold{% else %}standard{% endif %}', 'string'],
    ['{{ person.signup_date | days_between: "2024-02-15" }}', 'number'],
    ['{{ person.missing }}', 'string'],
  ])('infers the return type of %j as %s', (code, type) => {
    expect(verify(code)).toEqual({ return_type: type });
  });

  it('points at the line and column of a syntax error', () => {
    expect(verify('Hello\n  {% if person.vip %}gold')).toMatchObject({
      error: { position: { line: 2, column: 3 }, reason: 'Invalid syntax' },
    });
  });

  it('points at an unknown function', () => {
    expect(verify('{{ person.first_name | shout }}')).toMatchObject({
      error: {
        position: { line: 1, column: 1 },
        reason: 'Invalid syntax',
        message: 'undefined filter: shout',
      },
    });
  });

  it('catches an empty function that Liquid accepts silently', () => {
    expect(verify('Hi\n{{ person.first_name | }}')).toMatchObject({
      error: {
        position: { line: 2, column: 23 },
        reason: 'Invalid syntax',
        message: 'expected a function name',
      },
    });
  });

  it('catches trailing words in an output', () => {
    expect(verify('{{ person.first_name person.last_name }}')).toMatchObject({
      error: { position: { line: 1, column: 22 }, reason: 'Invalid syntax' },
    });
  });

  it('points at a refused tag', () => {
    expect(verify('x {% include "/etc/passwd" %}')).toEqual({
      error: {
        position: { line: 1, column: 3 },
        reason: 'Invalid syntax',
        message: 'tag "include" is not allowed',
      },
    });
  });

  it('reports empty code as an invalid token', () => {
    expect(verify('   ')).toMatchObject({ error: { position: null, reason: 'Invalid token' } });
  });
});

describe(outputProblem.name, () => {
  it.each([
    'person.first_name',
    'person["first name"] | default: "x"',
    '(1..3) | join: ", "',
    'person.a | truncate: 5, "…" | upcase',
    'x | where: "a", 1',
    '"a" | date: format: "%Y"',
  ])('accepts %j', (content) => expect(outputProblem(content)).toBeNull());
  it.each(['a |', 'a b', 'a | plus: 1,', 'a | plus:', 'person.', '"unclosed', '(1..', 'a[1'])(
    'refuses %j',
    (content) => expect(outputProblem(content)).not.toBeNull(),
  );
});

describe(classifyValue.name, () => {
  it('tells dates in text from other text', () => {
    expect(classifyValue('2024-05-01')).toBe('datetime');
    expect(classifyValue('2024-05-01T10:00:00+02:00')).toBe('datetime');
    expect(classifyValue('May 1st')).toBe('string');
    expect(classifyValue(Number.POSITIVE_INFINITY)).toBe('string');
    expect(classifyValue(null)).toBe('string');
  });
});

describe(positionAt.name, () => {
  it('counts lines and columns from 1', () => {
    expect(positionAt('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe(RenderPlan.name, () => {
  const tokens = [
    {
      name: 'greeting',
      code: '{% if person.first_name %}Hi {{ person.first_name }}{% endif %}',
      default_value: 'Hello there',
      return_type: 'string' as const,
    },
    {
      name: 'tags',
      code: '{{ person.tags | split: "," }}',
      default_value: '',
      return_type: 'array' as const,
    },
    {
      name: 'score',
      code: '{{ person.score | times: 2 }}',
      default_value: '0',
      return_type: 'number' as const,
    },
    { name: 'broken', code: '{% if %}', default_value: 'fallback', return_type: 'string' as const },
  ];

  it('renders person fields, tokens with structured values, fallbacks and the unsubscribe link', () => {
    const plan = new RenderPlan(
      sandbox,
      {
        subject: '{{ tokens.greeting }}',
        body: '{{ tokens.tags | size }} tags, score {{ tokens.score | plus: 1 }}, {{ tokens.broken }}. <a href="{{ unsubscribe_url }}">Unsubscribe</a>',
      },
      tokens,
    );
    expect(plan.render({ first_name: 'Ann', tags: 'a,b,c', score: 5 }, 'https://x/u/1')).toEqual({
      texts: {
        subject: 'Hi Ann',
        body: '3 tags, score 11, fallback. <a href="https://x/u/1">Unsubscribe</a>',
      },
      errors: {},
    });
    expect(plan.render({ first_name: null, tags: null, score: null }, 'u').texts.subject).toBe('Hello there');
  });

  it('reports a text that does not parse and renders the others', () => {
    const plan = new RenderPlan(sandbox, { subject: '{% if %}', body: 'ok' }, []);
    expect(plan.render({}, 'u')).toEqual({
      texts: { subject: '', body: 'ok' },
      errors: { subject: expect.any(String) as unknown },
    });
  });

  it('evaluates only the tokens the texts use', () => {
    const plan = new RenderPlan(sandbox, { body: '{{ tokens.score }}' }, tokens);
    const parse = jest.spyOn(sandbox, 'parse');
    try {
      expect(plan.render({ score: 2 }, 'u').texts.body).toBe('4');
      expect(parse.mock.calls.map(([code]) => code)).toEqual([tokens[2]?.code]);
    } finally {
      parse.mockRestore();
    }
  });

  it('runs only the tokens a dynamic tokens[...] lookup names, once per person', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({
      name: `t${i}`,
      code: `{{ person.score | plus: ${i} }}`,
      default_value: '0',
      return_type: 'number' as const,
    }));
    const plan = new RenderPlan(
      sandbox,
      { payload: '{% assign n = "t7" %}{{ tokens[n] }},{{ tokens[n] }},{{ tokens["nope"] }}' },
      many,
    );
    const parse = jest.spyOn(sandbox, 'parse');
    try {
      expect(plan.render({ score: 1 }, 'u').texts.payload).toBe('8,8,');
      expect(parse.mock.calls.map(([code]) => code)).toEqual(['{{ person.score | plus: 7 }}']);
    } finally {
      parse.mockRestore();
    }
  });
});

describe(signerFor.name, () => {
  const key = randomBytes(32);
  const org = '11111111-1111-4111-8111-111111111111';
  const person = '22222222-2222-4222-8222-222222222222';

  it('builds a link under the public origin that verifies back to its organisation and person', () => {
    const link = signerFor(key, 'https://mail.example.com/')(org, person);
    expect(link).toMatch(/^https:\/\/mail\.example\.com\/api\/campaign\/v1\/unsubscribe\/[\w.-]+$/);
    expect(verifyUnsubscribeToken(key, link.split('/').pop() ?? '')).toEqual({
      orgId: org,
      personId: person,
    });
  });

  it('refuses a token with another person, another key or a changed signature', () => {
    const token = unsubscribeToken(key, org, person);
    const [, , sig] = token.split('.');
    expect(verifyUnsubscribeToken(key, `${org}.${org}.${sig}`)).toBeNull();
    expect(verifyUnsubscribeToken(randomBytes(32), token)).toBeNull();
    // The last base64url character carries 4 bits: A-D decode alike, so change it to one that differs.
    const changed = 'ABCD'.includes(token.at(-1) ?? '') ? 'Q' : 'A';
    expect(verifyUnsubscribeToken(key, `${token.slice(0, -1)}${changed}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, 'garbage')).toBeNull();
  });
});
