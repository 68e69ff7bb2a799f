import { cloneElement, lazy, Suspense, useState, type ComponentPropsWithoutRef, type MouseEvent, type ReactElement, type ReactNode } from 'react';
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
 * The plain trigger until the page is the browser's, then the floating part behind it. On a server-rendered page
 * a lazy part would leave its trigger unhydrated until its chunk arrives, and a tap on it would be lost.
 */
function Deferred({ trigger, children }: { trigger: ReactNode; children: ReactNode }) {
  return useHydrated() ? <Suspense fallback={trigger}>{children}</Suspense> : trigger;
}

/**
 * Deferred for a part that opens on a click (menu, popover): a click on the plain trigger, before or while the
 * part loads (a tap replayed after hydration lands there too), opens the part once it has arrived, not nothing.
 */
function DeferredOpener({ target, children }: { target: ReactElement; children: (opened: boolean) => ReactNode }) {
  const [clicked, setClicked] = useState(false);
  const trigger = target as ReactElement<{ onClick?: (event: MouseEvent) => void }>;
  const plain = cloneElement(trigger, {
    onClick: (event: MouseEvent) => {
      trigger.props.onClick?.(event);
      setClicked(true);
    },
  });
  return <Deferred trigger={plain}>{children(clicked)}</Deferred>;
}

export function DeferredTooltip(props: TooltipProps) {
  return (
    <Deferred trigger={props.children}>
      <LazyTooltip {...props} />
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
    <DeferredOpener target={props.target}>{(clicked) => <LazyMenu {...props} defaultOpened={props.defaultOpened || clicked} />}</DeferredOpener>
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
    <DeferredOpener target={props.target}>{(clicked) => <LazyPopover {...props} defaultOpened={props.defaultOpened || clicked} />}</DeferredOpener>
  );
}
