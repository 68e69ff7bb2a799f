import { cloneElement, lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type ComponentPropsWithoutRef, type MouseEvent, type PointerEvent, type ReactElement, type ReactNode, type RefObject } from 'react';
import type { MenuDropdownProps, MenuItemProps, MenuProps, PopoverProps, TooltipProps } from '@mantine/core';

/**
 * Mantine's Menu, Popover and Tooltip for pages that must stay light (the storefront menu, issue #11): the page
 * paints and hydrates with the plain trigger, and a trigger gets its floating part (floating-ui, portal,
 * transitions) only when the guest reaches for it: a click for a menu or popover, the mouse resting on it for a
 * tooltip. Mounting the part for every trigger at once (two or three per dish) was one 0.5 s task on a slow phone. The
 * code loads while the browser is idle, so the part is there by the time it is wanted.
 */
const parts = () => import('./floating-parts.tsx');
const LazyTooltip = lazy(() => parts().then((m) => ({ default: m.Tooltip })));
const LazyMenu = lazy(() => parts().then((m) => ({ default: m.ItemsMenu })));
const LazyPopover = lazy(() => parts().then((m) => ({ default: m.TargetPopover })));

let fetched = false;
/** Fetches the floating parts' code once, when the browser has nothing else to do. */
function fetchWhenIdle() {
  if (fetched) return;
  fetched = true;
  const fetchParts = () => void parts();
  if ('requestIdleCallback' in window) requestIdleCallback(fetchParts);
  else setTimeout(fetchParts, 1000);
}

/**
 * Focuses the trigger rendered beside it if the one it replaced had the focus (and so took it along when it left):
 * a keyboard user who opens a menu keeps the focus through the swap to the menu's own trigger.
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

type TriggerProps = { onClick?: (event: MouseEvent) => void; onPointerEnter?: (event: PointerEvent) => void; onPointerDown?: (event: PointerEvent) => void; onPointerLeave?: (event: PointerEvent) => void };

/** How long the mouse rests on a tooltip's trigger before the tooltip takes it over (and shows). */
const HOVER_REST_MS = 150;
/** Each plain trigger's pending rest timer. */
const restTimers = new WeakMap<EventTarget, ReturnType<typeof setTimeout>>();

/**
 * The plain trigger until the guest reaches for it (`on`), then the floating part behind it (`children`, given the
 * trigger to use and whether to open at once). `popup` is what the trigger opens, for screen readers meanwhile.
 */
function Deferred({ trigger, on, popup, children }: { trigger: ReactElement; on: 'click' | 'hover'; popup?: 'menu' | 'dialog'; children: (trigger: ReactElement, open: boolean) => ReactNode }) {
  const id = useId();
  const hadFocus = useRef(false);
  // null until reached for; then whether the part opens when it arrives (a pointer gone meanwhile: no).
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(fetchWhenIdle, []);
  const own = (trigger as ReactElement<TriggerProps>).props;
  const mark = (extra: object = {}) => cloneElement(trigger as ReactElement<Record<string, unknown>>, { 'data-deferred-trigger': id, ...extra });
  // A ref's cleanup runs before its element leaves the page: whether it has the focus then.
  const plain = mark({
    ref: (node: HTMLElement | null) => () => void (hadFocus.current = !!node && document.activeElement === node),
    ...(popup && { 'aria-haspopup': popup, 'aria-expanded': false }),
    ...(on === 'click' && {
      onClick: (event: MouseEvent) => {
        own.onClick?.(event);
        setOpen(true);
      },
    }),
    ...(on === 'hover' && {
      // Once the mouse rests on it: the swap puts a new element under the pointer, and a click already on its way
      // (a button with a tooltip) would be lost between its press and release.
      onPointerEnter: (event: PointerEvent) => {
        own.onPointerEnter?.(event);
        if (event.pointerType === 'mouse') restTimers.set(event.currentTarget, setTimeout(() => setOpen(true), HOVER_REST_MS));
      },
      onPointerDown: (event: PointerEvent) => {
        own.onPointerDown?.(event);
        clearTimeout(restTimers.get(event.currentTarget));
      },
      onPointerLeave: (event: PointerEvent) => {
        own.onPointerLeave?.(event);
        clearTimeout(restTimers.get(event.currentTarget));
        if (open) setOpen(false);
      },
    }),
  });
  if (open === null) return plain;
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
      {children(mark(), open)}
      {takeFocus}
    </Suspense>
  );
}

/** A tooltip shown on hover (Mantine's default events). */
export function DeferredTooltip(props: TooltipProps) {
  return (
    <Deferred trigger={props.children as ReactElement} on="hover">
      {(trigger, open) => (
        <LazyTooltip {...props} defaultOpened={props.defaultOpened || open}>
          {trigger}
        </LazyTooltip>
      )}
    </Deferred>
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
    <Deferred trigger={props.target} on="click" popup="menu">
      {(target, open) => <LazyMenu {...props} target={target} defaultOpened={props.defaultOpened || open} />}
    </Deferred>
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
    <Deferred trigger={props.target} on="click" popup="dialog">
      {(target, open) => <LazyPopover {...props} target={target} defaultOpened={props.defaultOpened || open} />}
    </Deferred>
  );
}
