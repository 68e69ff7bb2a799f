import { inputTheme } from './input-theme.ts';
import { createTheme, defaultCssVariablesResolver, mergeThemeOverrides, type CSSVariablesResolver, type MantineTheme, type MantineThemeOverride } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '700' },
  components: {
    // Every input built on Input (TextInput, PasswordInput, Select, ...). A plain object rather than
    // Input.extend(), which would pull the Input component into the entry chunk.
    Input: inputTheme,
    // Long German compounds ("Nutzungsbedingungen") in a large heading are wider than a phone: break them
    // (hyphenated where the browser knows the language) instead of scrolling the page sideways. 'anywhere', not
    // 'break-word': only it shrinks the min-content width of headings inside centred flex stacks.
    Title: { styles: { root: { overflowWrap: 'anywhere', hyphens: 'auto' } } },
  },
});

// ---- WCAG AA contrast (issue #11) ----
// Mantine's light-scheme colours at the primary shade (orange/red/teal/yellow 8, gray 6 for dimmed text) fall
// below 4.5:1 for small text: on white, and on their own 10–12 % tints (light buttons, badges, the active nav link).
// The resolver below keeps every palette and only darkens the few variables that carry text or white text.

/** WCAG's minimum for normal-size text, with a little margin for anti-aliasing and rounding. */
const MIN_CONTRAST = 4.6;
/** Secondary ("dimmed") text: gray between Mantine's 6 and 7, at least 4.6:1 on white, gray.0 and gray.1. */
const DIMMED = '#5f6770';
/** Placeholders (also the ones Mantine draws as text, e.g. an empty date picker): 4.6:1 on white, still lighter than typed text. */
const PLACEHOLDER = '#6f767d';

const rgbOf = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const toHex = (channels: number[]) => `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
function luminance(channels: number[]): number {
  const [r, g, b] = channels.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
/** The WCAG contrast ratio of two colours given as channel triples. */
export function contrastRatio(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
const WHITE = [255, 255, 255];
const tint = (channels: number[], amount: number) => channels.map((c) => c * amount + 255 * (1 - amount));

/** `hex` mixed toward black in small steps until `ok` holds (at most 60 % black). */
function darkenUntil(hex: string, ok: (channels: number[]) => boolean): string {
  const base = rgbOf(hex);
  for (let step = 0; step <= 30; step++) {
    const channels = base.map((c) => c * (1 - step * 0.02));
    if (ok(channels)) return step === 0 ? hex : toHex(channels);
  }
  return toHex(base.map((c) => c * 0.4));
}

/** Text in `hex` readable on white and on its own light-variant tint (12 %, the hover state). */
export const readableText = (hex: string) => darkenUntil(hex, (c) => contrastRatio(c, tint(c, 0.12)) >= MIN_CONTRAST);
/** A filled background `hex` that white text reads on. */
export const readableFill = (hex: string) => darkenUntil(hex, (c) => contrastRatio(c, WHITE) >= MIN_CONTRAST);

/** Mantine's variables with the light scheme's text-carrying colour variables darkened just enough for WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = (resolved: MantineTheme) => {
  const base = defaultCssVariablesResolver(resolved);
  const light: Record<string, string> = { ...base.light, '--mantine-color-dimmed': DIMMED, '--mantine-color-placeholder': PLACEHOLDER };
  const shade = typeof resolved.primaryShade === 'number' ? resolved.primaryShade : resolved.primaryShade.light;
  for (const [name, palette] of Object.entries(resolved.colors)) {
    const color = palette[shade];
    if (!color?.startsWith('#') || color.length !== 7) continue;
    const text = readableText(color);
    const fill = readableFill(color);
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-text`] = text;
    if (fill !== color) {
      light[`--mantine-color-${name}-filled`] = fill;
      light[`--mantine-color-${name}-filled-hover`] = darkenUntil(fill, (c) => contrastRatio(c, WHITE) >= contrastRatio(rgbOf(fill), WHITE) + 0.6);
    }
  }
  light['--mantine-color-anchor'] = `var(--mantine-color-${resolved.primaryColor}-text)`;
  // Mantine names the primary colour's filled and light variants, not its outline: the light components
  // (components/lite) draw an outline chip or button without a colour with these.
  const variables = {
    ...base.variables,
    '--mantine-primary-color-outline': `var(--mantine-color-${resolved.primaryColor}-outline)`,
    '--mantine-primary-color-outline-hover': `var(--mantine-color-${resolved.primaryColor}-outline-hover)`,
  };
  return { ...base, variables, light };
};

/**
 * The theme with the translated name of every modal's, drawer's and toast's close button (an icon alone has none). Tabs
 * lose `aria-controls`: most of ours are filters over one list, without the tab panels it would point at.
 */
export function themeWithLabels(closeLabel: string): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': closeLabel };
  return mergeThemeOverrides(theme, {
    components: {
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
      TabsTab: { defaultProps: { 'aria-controls': undefined } },
    },
  });
}
