import {
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
};

type OnDemandMenuProps<M> = {
  /** imports the menu's module: Mantine's Menu, Popover, floating-ui and focus trap come with it */
  load: () => Promise<M>;
  /** the menu's button as every page first shows it; the loaded menu wraps the same element */
  trigger: ReactElement<TriggerProps>;
  /** the loaded menu, opened (it gets `trigger` as its target) */
  children: (loaded: M) => ReactNode;
};

/**
 * A header menu whose machinery is not part of any page's first load (issue 35): until first
 * used, only its button shows; pointing at it or focusing it starts loading the menu, a click
 * opens it once loaded. The button keeps the keyboard focus across the swap.
 */
export function OnDemandMenu<M>({ load, trigger, children }: OnDemandMenuProps<M>) {
  const [loaded, setLoaded] = useState<{ module: M }>();
  const box = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);

  useLayoutEffect(() => {
    if (!loaded || !hadFocus.current) return;
    hadFocus.current = false;
    box.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, [loaded]);

  const preload = () => {
    load().catch(() => undefined); // a failed load is retried by the click, which reports it
  };
  return (
    <span ref={box} style={{ display: 'contents' }}>
      {loaded
        ? children(loaded.module)
        : cloneElement(trigger, {
            'aria-haspopup': 'menu',
            'aria-expanded': false,
            onPointerEnter: preload,
            onFocus: preload,
            onClick: () => {
              hadFocus.current = box.current?.contains(document.activeElement) ?? false;
              void load().then(
                (module) => setLoaded({ module }),
                (error: unknown) => console.error('The menu failed to load', error),
              );
            },
          })}
    </span>
  );
}

/**
 * The loaded menu's `opened` and `onChange`: closed at its first render, opened just after, as
 * a click would (Mantine's `defaultOpened` would skip the step in which the menu remembers the
 * focused button, and Escape would leave the focus nowhere).
 */
export const useOpenedOnArrival = () => {
  const [opened, setOpened] = useState(false);
  useEffect(() => setOpened(true), []);
  return { opened, onChange: setOpened };
};
