import { Menu, Popover, Tooltip } from '@mantine/core';
import type { DeferredMenuProps, DeferredPopoverProps } from './deferred-floating.tsx';

// The Mantine parts deferred-floating.tsx loads after the first paint: with them come floating-ui and the portal code.

export { Tooltip };

export function ItemsMenu({ target, label, items, dropdownProps, ...menuProps }: DeferredMenuProps) {
  return (
    <Menu {...menuProps}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown {...dropdownProps}>
        {label && <Menu.Label>{label}</Menu.Label>}
        {items.map(({ key, label: itemLabel, ...item }) => (
          <Menu.Item key={key} {...item}>
            {itemLabel}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function TargetPopover({ target, children, ...popoverProps }: DeferredPopoverProps) {
  return (
    <Popover {...popoverProps}>
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown>{children}</Popover.Dropdown>
    </Popover>
  );
}
