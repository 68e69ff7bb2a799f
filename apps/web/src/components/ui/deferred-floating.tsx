import { cloneElement, lazy, Suspense, useId, useLayoutEffect, useRef, useState, type ComponentPropsWithoutRef, type MouseEvent, type ReactElement, type ReactNode, type RefObject } from 'react';
import type { MenuDropdownProps, MenuItemProps, MenuProps, PopoverProps, TooltipProps } from '@mantine/core';
import { useHydrated } from './client-only.tsx';

/**
 * Mantine's Menu, Popover and Tooltip for pages that must stay light (the storefront menu, issue #11 JavaScript
 * budget): the page paints with the plain trigger, and the floating part (floating-ui, portal, transitions) loads
 * right after and takes over the same trigger. Nothing opens before a click or hover, so nothing looks different.
 */
const parts = () => import('./floating-parts.tsx');
const LazyTooltip = lazy(() => parts().then((m) => ({ default: m.Tooltip })));
const LazyMenu = lazy(() => parts().then((m) => ({ default: m.ItemsMenu })));
const LazyPopover = lazy(() => parts().then((m) => ({ default: m.TargetPopover })));

/**
 * Focuses the trigger rendered beside it if the one it replaced had the focus (and so took it along when it left).
 * Two swaps need it: hydration's, from the first plain trigger to the Suspense fallback's, and the floating part's
 * arrival, from that one to the part's own.
 */
function TakeFocus({ id, hadFocusRef }: { id: string; hadFocusRef: RefObject<boolean> }) {
  useLayoutEffect(() => {
    if (!hadFocusRef.current) return;
    hadFocusRef.current = false;
    if (document.activeElement && document.activeElement !== document.body) return;
    document.querySelector<HTMLElement>(`[data-deferred-trigger="${CSS.escape(id)}"]`)?.focus();
  }, [id, hadFocusRef]);
  return null;
}

/**
 * The plain trigger until the page is the browser's, then the floating part behind it (`children`, given the trigger
 * to use). On a server-rendered page a lazy part would leave its trigger unhydrated until its chunk arrives, and a
 * tap on it would be lost. Each swap puts a new element in place: one that took the focus (a keyboard user) keeps it.
 */
function Deferred({ trigger, children }: { trigger: ReactElement; children: (trigger: ReactElement) => ReactNode }) {
  const id = useId();
  const hadFocus = useRef(false);
  const mark = (element: ReactElement, extra: object = {}) => cloneElement(element as ReactElement<Record<string, unknown>>, { 'data-deferred-trigger': id, ...extra });
  // A ref's cleanup runs before its element leaves the page: whether it has the focus then.
  const plain = mark(trigger, { ref: (node: HTMLElement | null) => () => void (hadFocus.current = !!node && document.activeElement === node) });
  if (!useHydrated()) return plain;
  const takeFocus = <TakeFocus id={id} hadFocusRef={hadFocus} />;
  return (
    <Suspense
      fallback={
        <>
          {plain}
          {takeFocus}
        </>
      }
    >
      {children(mark(trigger))}
      {takeFocus}
    </Suspense>
  );
}

/**
 * Deferred for a part that opens on a click (menu, popover): a click on the plain trigger, before or while the
 * part loads (a tap replayed after hydration lands there too), opens the part once it has arrived, not nothing.
 */
function DeferredOpener({ target, children }: { target: ReactElement; children: (target: ReactElement, clicked: boolean) => ReactNode }) {
  const [clicked, setClicked] = useState(false);
  const trigger = target as ReactElement<{ onClick?: (event: MouseEvent) => void }>;
  const plain = cloneElement(trigger, {
    onClick: (event: MouseEvent) => {
      trigger.props.onClick?.(event);
      setClicked(true);
    },
  });
  return <Deferred trigger={plain}>{(marked) => children(marked, clicked)}</Deferred>;
}

export function DeferredTooltip(props: TooltipProps) {
  return (
    <Deferred trigger={props.children as ReactElement}>{(trigger) => <LazyTooltip {...props}>{trigger}</LazyTooltip>}</Deferred>
  );
}

type MenuItem = Omit<MenuItemProps & ComponentPropsWithoutRef<'button'>, 'children'> & { key: string; label: ReactNode };

export interface DeferredMenuProps extends Omit<MenuProps, 'children'> {
  /** The button that opens the menu. */
  target: ReactElement;
  /** A heading above the items. */
  label?: ReactNode;
  items: MenuItem[];
  dropdownProps?: MenuDropdownProps;
}

/** A Menu of plain items (a label, then buttons). */
export function DeferredMenu(props: DeferredMenuProps) {
  return (
    <DeferredOpener target={props.target}>{(target, clicked) => <LazyMenu {...props} target={target} defaultOpened={props.defaultOpened || clicked} />}</DeferredOpener>
  );
}

export interface DeferredPopoverProps extends Omit<PopoverProps, 'children'> {
  /** The button that opens the popover. */
  target: ReactElement;
  /** The dropdown's content. */
  children: ReactNode;
}

export function DeferredPopover(props: DeferredPopoverProps) {
  return (
    <DeferredOpener target={props.target}>{(target, clicked) => <LazyPopover {...props} target={target} defaultOpened={props.defaultOpened || clicked} />}</DeferredOpener>
  );
}
