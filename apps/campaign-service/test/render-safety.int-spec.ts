import {
  personCreateContract,
  tokenCodeVerifyContract,
  tokenCreateContract,
  tokenPreviewContract,
  tokenUpdateContract,
} from '@meridian/contracts';
import type { SignedIn } from '@meridian/testing';
import type { Response } from 'supertest';
import { type CampaignTestApp, startCampaignTestApp } from './support/campaign-test-app';

/**
 * Personalisation written by one organisation can neither freeze the service nor starve another
 * organisation: bombs are refused with the spec's 'Invalid token', slow texts are cut off, and an
 * organisation flooding the service is told to wait while others are still answered.
 */
const SLOW = '{% for i in (1..90000) %}{% for j in (1..90000) %}{% endfor %}{% endfor %}';

describe('Personalisation under hostile texts', () => {
  let t: CampaignTestApp;
  let flooder: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    t = await startCampaignTestApp({ RENDER_WORKERS: '2', RENDER_QUEUE_PER_ORGANISATION: '2' });
    flooder = await t.platform.newOrganisation();
    other = await t.platform.newOrganisation();
  });

  afterAll(async () => {
    await t?.close();
  });

  const verify = (token: string, who: SignedIn) => t.call(tokenCodeVerifyContract, { token }, who);

  it.each([
    ['the issue: group_by over 2.4 million', '{{ (1..2400000) | group_by: "x" | size }}'],
    ['nested ranges', SLOW],
    [
      'repeated append',
      '{% assign s = "0123456789" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}',
    ],
    ['join on a huge array', '{{ (1..999999) | join: "----------------------------------------" | size }}'],
    ['sort of a huge range', '{{ (1..900000) | sort | first }}'],
  ])('refuses %s with Invalid token', async (_name, code) => {
    const { body } = await verify(code, flooder).expect(200);
    expect(body).toEqual({
      error: {
        position: null,
        reason: 'Invalid token',
        message: expect.stringMatching(/limit exceeded/) as unknown,
      },
    });
  });

  it("answers another organisation while one organisation's slow checks run, and refuses the flood with a 429", async () => {
    const order: string[] = [];
    const track = (label: string, call: PromiseLike<Response>) =>
      Promise.resolve(call).then((response) => {
        order.push(label);
        return response;
      });
    const flood = Array.from({ length: 5 }, (_, i) => track(`flood${i}`, verify(SLOW, flooder)));
    // Let the flood reach the service first.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = await track('other', verify('{{ 1 | plus: 2 }}', other));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ return_type: 'number' });
    const responses = await Promise.all(flood);

    const refused = responses.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.body).toMatchObject({
        status_code: 429,
        code: 'TooManyRequestsException',
        description:
          'Too many personalisation requests of this organisation are waiting. Please try again shortly',
      });
    }
    const checked = responses.filter((r) => r.status === 200);
    expect(checked.length).toBeGreaterThan(0);
    for (const r of checked) expect(r.body).toMatchObject({ error: { reason: 'Invalid token' } });
    // The other organisation did not wait behind the flood.
    const lastChecked = Math.max(
      ...responses.map((r, i) => (r.status === 200 ? order.indexOf(`flood${i}`) : -1)),
    );
    expect(order.indexOf('other')).toBeLessThan(lastChecked);
  });

  it('previews a person asked for many times once, and caps the list at 50', async () => {
    const person = (await t.call(personCreateContract, { email: 'dup@example.com' }, other).expect(200)).body
      .person_id as string;
    const tokenId = (await t.call(tokenCreateContract, { name: 'twice' }, other).expect(200)).body.token
      .token_id as string;
    await t
      .call(
        tokenUpdateContract,
        { token_id: tokenId, token: '{{ person.email | upcase }}', description: 'x', default_value: 'y' },
        other,
      )
      .expect(200);
    const ref = { id: person, email: 'dup@example.com', org_id: null, product_user_id: null };

    const { body } = await t
      .call(tokenPreviewContract, { token_id: tokenId, person_ids: Array(50).fill(ref) }, other)
      .expect(200);
    expect(body.result).toEqual([
      {
        email: 'dup@example.com',
        column: 'twice',
        token: 'DUP@EXAMPLE.COM',
        product_user_id: null,
        org_id: null,
        error: null,
      },
    ]);
    await t
      .call(tokenPreviewContract, { token_id: tokenId, person_ids: Array(51).fill(ref) }, other)
      .expect(400);
  });
});
