/**
 * Light stand-ins for the Mantine components the storefront's first paint uses (issue #11: 150 KB of JavaScript for
 * the landing). Each renders the markup Mantine's component renders for the same props (its class names, data
 * attributes and CSS variables), so Mantine's stylesheet gives it the same look without Mantine's component code
 * (its style-props engine, theme lookups and per-component hooks); only Mantine's provider stays on the first load.
 * Only the props the storefront uses exist. `lite.test.tsx` renders each next to Mantine's and compares the markup,
 * so a Mantine upgrade that changes a component's markup fails there. Everything that opens (menus, dialogs,
 * drawers) and the staff's forms stay Mantine, loaded when needed. The guests' form controls (labelled fields,
 * checkbox, radio, select, textarea) are imported from `form-inputs.tsx` itself, not from here: every importer of this index would otherwise
 * share them, and Rollup would put them in a chunk the landing loads.
 */
export { ActionIcon, ActionIconGroup, Burger, Button, CloseButton, UnstyledButton } from './buttons.tsx';
export { Alert, Avatar, Badge, Divider, Indicator, Loader, Skeleton, ThemeIcon } from './display.tsx';
export { Chip, SegmentedControl, TextInput } from './inputs.tsx';
export { Card, CardSection, Center, Container, Group, Paper, SimpleGrid, Stack } from './layout.tsx';
export { Breadcrumbs, Pagination, PillTabs } from './navigation.tsx';
export { Anchor, Text, Title, VisuallyHidden } from './typography.tsx';
export { rem } from './style.ts';
export type { Size, Variant } from './style.ts';
