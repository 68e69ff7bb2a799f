import { useState } from 'react';
import { Center } from '@mantine/core';
import { IconToolsKitchen2 } from '@tabler/icons-react';

/** A small square picture of a dish, or a placeholder icon. */
export function ProductThumb({ src, size = 44, alt = '' }: { src: string | null; size?: number; alt?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <Center bg="gray.1" c="gray.5" w={size} h={size} style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }} aria-hidden>
        <IconToolsKitchen2 size={Math.round(size / 2)} stroke={1.5} />
      </Center>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
      style={{ display: 'block', width: size, height: size, objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0, background: 'var(--mantine-color-gray-1)' }}
    />
  );
}
