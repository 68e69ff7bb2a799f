import { Avatar, useMantineTheme, type MantineSize } from '@mantine/core';

/** The restaurant's logo, or the first letter of its name on the brand colour when it has none. */
export function RestaurantAvatar({ name, logo, size = 'md' }: { name: string; logo?: string | null; size?: MantineSize | number | `var(--${string})` }) {
  // The primary colour of the restaurant's looks (the storefront's theme), with readable text on it.
  const { primaryColor } = useMantineTheme();
  return (
    <Avatar src={logo || null} alt={logo ? name : undefined} size={size} radius="xl" color={primaryColor} variant="filled" aria-hidden={!logo}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
}
