import type { ClientConfig } from '@meridian/contracts';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_THIRD_PARTIES } from '@/lib/client-config';
import { accountRecord, sessionOf } from '@/test/app-harness';
import { supportWidgetFor, useSupportWidget } from './support-widget';

const WIDGET = 'https://widget.support.test/loader.js';
const config: ClientConfig = {
  ...NO_THIRD_PARTIES,
  support_widget_url: WIDGET,
  internal_domain: 'meridian.internal',
};
const customer = sessionOf(
  accountRecord('a0000000-0000-4000-8000-000000000001', 'ada@acme.com', 'CUSTOMER_ORG_ADMIN'),
);
const staff = sessionOf(
  accountRecord('a0000000-0000-4000-8000-000000000002', 'sam@meridian.internal', 'INTERNAL_STAFF'),
);
const impersonating = {
  ...customer,
  impersonator: { id: 'a0000000-0000-4000-8000-000000000002', name: 'Sam', email: 'sam@meridian.internal' },
};

const widgets = () => document.querySelectorAll(`script[src="${WIDGET}"]`);

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('the support widget', () => {
  it('is for users outside the internal organisation, on every page but the unsubscribed one', () => {
    expect(supportWidgetFor(config, customer, '/campaigns')).toBe(WIDGET);
    expect(supportWidgetFor(config, customer, '/unsubscribed')).toBeNull();
    expect(supportWidgetFor(config, staff, '/campaigns')).toBeNull();
    expect(supportWidgetFor(config, impersonating, '/campaigns')).toBeNull();
    expect(supportWidgetFor(NO_THIRD_PARTIES, customer, '/campaigns')).toBeNull();
  });

  it('is not for staff whose role says so, whatever their address', () => {
    const roleOnly = sessionOf(
      accountRecord('a0000000-0000-4000-8000-000000000003', 'ops@acme.com', 'INTERNAL_STAFF'),
    );
    expect(supportWidgetFor(config, roleOnly, '/campaigns')).toBeNull();
  });

  it('loads its script once for a customer, however often the frame renders or moves', async () => {
    const loadConfig = vi.fn(() => Promise.resolve(config));
    const reload = vi.fn();
    const { rerender } = renderHook(({ path }) => useSupportWidget(customer, path, { loadConfig, reload }), {
      initialProps: { path: '/campaigns' },
    });
    await vi.waitFor(() => expect(widgets()).toHaveLength(1));
    rerender({ path: '/templates' });
    rerender({ path: '/contacts' });
    await vi.waitFor(() => expect(loadConfig).toHaveBeenCalledTimes(3));
    await Promise.resolve();
    expect(widgets()).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('loads nothing for staff, on the unsubscribed page, signed out, or when none is configured', async () => {
    const loadConfig = vi.fn(() => Promise.resolve(config));
    renderHook(() => useSupportWidget(staff, '/campaigns', { loadConfig }));
    renderHook(() => useSupportWidget(customer, '/unsubscribed', { loadConfig }));
    renderHook(() => useSupportWidget(undefined, '/campaigns', { loadConfig }));
    renderHook(() =>
      useSupportWidget(customer, '/campaigns', { loadConfig: () => Promise.resolve(NO_THIRD_PARTIES) }),
    );
    await vi.waitFor(() => expect(loadConfig).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it("reloads the page when staff sign in where a customer's widget was loaded", async () => {
    const loadConfig = () => Promise.resolve(config);
    const reload = vi.fn();
    renderHook(() => useSupportWidget(customer, '/campaigns', { loadConfig, reload }));
    await vi.waitFor(() => expect(widgets()).toHaveLength(1));
    renderHook(() => useSupportWidget(staff, '/campaigns', { loadConfig, reload }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });
});
