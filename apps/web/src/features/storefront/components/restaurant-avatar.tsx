import { Avatar, type Size } from '../../../components/lite/index.ts';
import { initials } from '../../../lib/initials.ts';

/** The restaurant's logo, or the first letter of its name on the brand colour (its looks' primary colour) when it has none. */
export function RestaurantAvatar({ name, logo, size = 'md' }: { name: string; logo?: string | null; size?: Size | number | `var(--${string})` }) {
  return (
    <Avatar src={logo || null} alt={logo ? name : undefined} size={size} radius="xl" variant="filled" aria-hidden={!logo}>
      {initials(name, 1)}
    </Avatar>
  );
}
