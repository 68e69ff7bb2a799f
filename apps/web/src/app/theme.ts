import type { CSSProperties } from 'react';
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '700' },
  components: {
    // Mantine paints placeholders red on invalid fields, which makes example values look like typed ones.
    // Applies to every input built on Input (TextInput, PasswordInput, Select, ...). A plain object rather
    // than Input.extend(), which would pull the Input component into the entry chunk.
    Input: {
      styles: { wrapper: { '--input-placeholder-color': 'var(--mantine-color-placeholder)' } as CSSProperties },
    },
  },
});
