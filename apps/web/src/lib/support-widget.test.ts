import { afterEach, describe, expect, it } from 'vitest';
import { addSupportWidget, hasSupportWidget, isInternalUser } from './support-widget';

const WIDGET = 'https://widget.support.test/loader.js';

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('internal users', () => {
  it('are those at the internal domain or a subdomain of it, or of the internal organisation', () => {
    expect(isInternalUser('meridian.internal', ['sam@meridian.internal'])).toBe(true);
    expect(isInternalUser('meridian.internal', ['sam@EU.Meridian.Internal'])).toBe(true);
    expect(isInternalUser('meridian.internal', ['ada@acme.com', 'sam@meridian.internal'])).toBe(true);
    expect(isInternalUser('meridian.internal', ['ada@acme.com'], 'meridian.internal')).toBe(true);
  });

  it('are not customers, nor look-alike domains, nor anyone when no domain is known', () => {
    expect(isInternalUser('meridian.internal', ['ada@acme.com', null, undefined], 'acme.com')).toBe(false);
    expect(isInternalUser('meridian.internal', ['eve@evilmeridian.internal'])).toBe(false);
    expect(isInternalUser('', ['sam@meridian.internal'])).toBe(false);
  });
});

describe('the support widget script', () => {
  it('is added once, async, whatever asks again', () => {
    expect(hasSupportWidget()).toBe(false);
    expect(addSupportWidget(WIDGET)).toBe(true);
    expect(addSupportWidget(WIDGET)).toBe(false);
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe(WIDGET);
    expect(scripts[0]!.async).toBe(true);
    expect(hasSupportWidget()).toBe(true);
  });

  it('is never added from an address that is not https', () => {
    expect(addSupportWidget('http://widget.support.test/loader.js')).toBe(false);
    expect(addSupportWidget('javascript:alert(1)')).toBe(false);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
