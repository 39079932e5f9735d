import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactElement,
  type Ref,
} from 'react';

/** What a deferred menu's module renders: a Mantine Menu around `target`, opened as told. */
export interface LoadedMenuProps {
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** Puts the focus on the menu's button (its ref is the deferred menu's). */
  focusTarget: () => void;
}

interface TargetProps {
  ref?: Ref<HTMLElement>;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerDown?: () => void;
}

/**
 * A menu whose code (Mantine's Menu, Popover and the floating-ui positioning under them) loads
 * when its button is first pointed at, focused or pressed, instead of with the screen. Until then
 * the button renders alone; once the menu has loaded it takes the button's place, keeps the focus
 * if the button had it, and opens if the button was pressed meanwhile, so a click or a key opens
 * it as the loaded menu would (only later, by the time the chunk takes to arrive).
 */
export function deferredMenu<P extends object>(
  load: () => Promise<ComponentType<P & LoadedMenuProps>>,
): ComponentType<P & { target: ReactElement<TargetProps> }> {
  let loaded: ComponentType<P & LoadedMenuProps> | null = null;
  let loading: Promise<ComponentType<P & LoadedMenuProps>> | null = null;

  function DeferredMenu({ target, ...props }: P & { target: ReactElement<TargetProps> }) {
    const [Menu, setMenu] = useState(() => loaded);
    const [opened, setOpened] = useState(false);
    // What the loaded menu takes over from the button: a new object per arrival, so a press that
    // comes after the code arrived but before the swap still opens the menu.
    const [handOver, setHandOver] = useState<{ focus: boolean; open: boolean } | null>(null);
    const placeholder = useRef<HTMLElement>(null);
    const button = useRef<HTMLElement>(null);
    const wantOpen = useRef(false);

    const start = (open: boolean) => {
      if (open) wantOpen.current = true;
      if (Menu) return;
      loading ??= load();
      loading.then(
        (component) => {
          loaded = component;
          setMenu(() => component);
          setHandOver({ focus: document.activeElement === placeholder.current, open: wantOpen.current });
        },
        () => {
          // The chunk did not arrive (a dropped connection, a deploy in between): the next press
          // asks again rather than finding a button that can never open.
          loading = null;
          wantOpen.current = false;
        },
      );
    };

    useEffect(() => {
      if (!Menu || !handOver) return;
      setHandOver(null);
      // Focus first, then open: the menu returns the focus on close to what had it when it opened.
      if (handOver.focus) button.current?.focus();
      if (handOver.open) setOpened(true);
    }, [Menu, handOver]);

    if (Menu) {
      return (
        <Menu
          {...(props as P)}
          target={cloneElement(target, { ref: button })}
          opened={opened}
          onChange={setOpened}
          focusTarget={() => button.current?.focus()}
        />
      );
    }
    return cloneElement(target, {
      ref: placeholder,
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: () => start(false),
      onFocus: () => start(false),
      // A press counts from its pointerdown: should the menu take the button's place before the
      // release, the click goes to the page, not to either button, and would otherwise be lost.
      onPointerDown: () => start(true),
      onClick: (event: MouseEvent<HTMLElement>) => {
        target.props.onClick?.(event);
        start(true);
      },
    } as TargetProps);
  }
  return DeferredMenu;
}
