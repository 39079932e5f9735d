import { resolveSender, senderTokenTexts, templateSenderValues } from './sender';

const platform = { name: 'Meridian', email: 'no-reply@meridian.local' };

describe(resolveSender.name, () => {
  it("uses the template's sender and reply-to", () => {
    expect(
      resolveSender({ from_name: 'Ann', from_email: 'ann@acme.com', reply_to: 'help@acme.com' }, platform),
    ).toEqual({
      from: { name: 'Ann', email: 'ann@acme.com' },
      replyTo: 'help@acme.com',
    });
  });

  it('falls back to the global email setting, then to the platform sender', () => {
    const global = { from_email: { name: 'Acme', email: 'news@acme.com' }, reply_to: 'care@acme.com' };
    expect(resolveSender({}, platform, global)).toEqual({
      from: { name: 'Acme', email: 'news@acme.com' },
      replyTo: 'care@acme.com',
    });
    expect(resolveSender({ from_name: 'Bob' }, platform, global)).toMatchObject({
      from: { name: 'Bob', email: 'news@acme.com' },
    });
    expect(resolveSender({}, platform, null)).toEqual({ from: platform });
  });

  it('reports a sender or reply-to that is not an email address', () => {
    expect(resolveSender({ from_email: 'not-an-email' }, platform)).toEqual({ invalid: 'from_email' });
    expect(resolveSender({ reply_to: 'nope' }, platform)).toEqual({ invalid: 'reply_to' });
  });
});

describe(templateSenderValues.name, () => {
  it('lets sender_meta win: a token by its rendered value, text as typed', () => {
    const template = {
      from_email: { name: 'Typed', email: 'typed@acme.com' },
      reply_to: 'typed-reply@acme.com',
      sender_meta: {
        from_name: { type: 'text' as const, value: 'Meta name' },
        from_email: { type: 'token' as const, value: 'owner_email' },
      },
    };
    const texts = senderTokenTexts(template.sender_meta);
    expect(texts).toEqual({ 'sender.from_email': '{{ tokens.owner_email }}' });
    expect(templateSenderValues(template, { 'sender.from_email': ' owner@acme.com ' })).toEqual({
      from_name: 'Meta name',
      from_email: 'owner@acme.com',
      reply_to: 'typed-reply@acme.com',
    });
  });

  it('falls back to the typed value when a token renders empty', () => {
    const template = {
      from_email: { name: '', email: 'typed@acme.com' },
      sender_meta: { from_email: { type: 'token' as const, value: 'x' } },
    };
    expect(templateSenderValues(template, { 'sender.from_email': '' }).from_email).toBe('typed@acme.com');
  });
});
