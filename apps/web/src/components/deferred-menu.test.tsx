import { Button, MantineProvider, Menu } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferredMenu, type LoadedMenuProps } from './deferred-menu';

function LoadedMenu({ target, opened, onChange, onPick }: LoadedMenuProps & { onPick: () => void }) {
  return (
    <Menu opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onPick}>Pick</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function renderMenu() {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  const load = vi.fn(async () => {
    await arrived;
    return LoadedMenu;
  });
  const Deferred = deferredMenu(load);
  const onPick = vi.fn();
  render(
    <MantineProvider env="test">
      <Deferred target={<Button>Actions</Button>} onPick={onPick} />
    </MantineProvider>,
  );
  return { load, onPick, release };
}

describe('a menu loaded on first use', () => {
  it('renders its button alone until then, marked as opening a menu', () => {
    const { load } = renderMenu();
    const button = screen.getByRole('button', { name: 'Actions' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('opens when pressed before its code arrived, keeping the focus on its button', async () => {
    const { load, onPick, release } = renderMenu();
    act(() => screen.getByRole('button', { name: 'Actions' }).focus());
    expect(load).toHaveBeenCalledTimes(1);
    // Enter on a focused button is a click.
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    release();
    const menu = await screen.findByRole('menu');
    expect(menu).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Pick' }));
    expect(onPick).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // The loaded menu's button took the place of the first one, with the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions' })));
  });

  it('opens when its code arrives between the press and the release (the click then reaches neither button)', async () => {
    const { release } = renderMenu();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Actions' }));
    release();
    expect(await screen.findByRole('menu')).toBeTruthy();
  });

  it('stays closed when only focused, and opens on the next press', async () => {
    const { load, release } = renderMenu();
    act(() => screen.getByRole('button', { name: 'Actions' }).focus());
    expect(load).toHaveBeenCalledTimes(1);
    release();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions' }).getAttribute('aria-expanded')).toBe('false'),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('menu')).toBeTruthy();
  });

  it('asks for its code again on the next press when it did not arrive', async () => {
    let attempt = 0;
    const load = vi.fn(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('Failed to fetch dynamically imported module');
      return LoadedMenu;
    });
    const Deferred = deferredMenu(load);
    render(
      <MantineProvider env="test">
        <Deferred target={<Button>Actions</Button>} onPick={() => undefined} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('menu')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
