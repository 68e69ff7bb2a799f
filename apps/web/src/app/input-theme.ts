import type { CSSProperties } from 'react';
import focus from './focus.module.css';

/**
 * The theme's settings for every field (theme.ts: Mantine's Input takes them) and for the light fields
 * (components/lite), which render Mantine's markup themselves. Mantine paints placeholders red on invalid fields,
 * which makes example values look like typed ones; and fields get a focus ring as visible as buttons' (issue #11).
 */
export const inputTheme = {
  styles: { wrapper: { '--input-placeholder-color': 'var(--mantine-color-placeholder)' } as CSSProperties },
  classNames: { input: focus.input },
};
