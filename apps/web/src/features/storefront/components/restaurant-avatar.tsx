import { Avatar, type MantineSize } from '@mantine/core';

/** The restaurant's logo, or the first letter of its name on the brand colour when it has none. */
export function RestaurantAvatar({ name, logo, size = 'md' }: { name: string; logo?: string | null; size?: MantineSize | number }) {
  return (
    <Avatar src={logo || null} alt={logo ? name : undefined} size={size} radius="xl" color="orange" variant="filled" aria-hidden={!logo}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
}
