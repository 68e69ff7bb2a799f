import type { CSSProperties } from 'react';
import { defaultCssVariablesResolver, DEFAULT_THEME, mergeMantineTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import {
  FONT_PAIRINGS,
  TEXT_ON_LIGHT,
  TEXT_SWITCH_LUMINANCE,
  THEME_PRESETS,
  textColorOn,
  type TRadius,
} from '@tavolo/contracts/looks';
import type { TAppearance } from '@tavolo/contracts/appearance';

/**
 * Turns a restaurant's looks into a Mantine theme override plus the CSS variables that carry it, for the storefront
 * (and the dashboard's previews). Shared by both, so it lives outside the feature folders and pulls in no dashboard code.
 */

export type TLooks = Pick<TAppearance, 'theme' | 'primary_color' | 'accent_color'>;

/** The chosen colour sits at this shade, so a filled button shows exactly the colour the owner picked. */
const SHADE = 6;
// Share of white mixed into shades 0–5, and of black into shades 7–9.
const TINTS = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18];
const SHADES = [0.14, 0.28, 0.42];

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const hex = (channels: number[]) => `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const mix = (color: string, toward: number, amount: number) => hex(rgb(color).map((c) => c + (toward - c) * amount));

/** Ten shades of one colour (Mantine's tuple), light to dark, with `color` itself at index 6. */
export function colorTuple(color: string): MantineColorsTuple {
  return [...TINTS.map((a) => mix(color, 255, a)), color, ...SHADES.map((a) => mix(color, 0, a))] as unknown as MantineColorsTuple;
}

/** How much rounder or squarer than Mantine's defaults each preset's corners are. */
const RADIUS_SCALE: Record<TRadius, number> = { xs: 0.25, sm: 0.6, md: 1, lg: 1.5, xl: 2 };
const RADII = { xs: 2, sm: 4, md: 8, lg: 16, xl: 32 } as const;

export function looksThemeOverride(looks: TLooks): MantineThemeOverride {
  const preset = THEME_PRESETS[looks.theme];
  const fonts = FONT_PAIRINGS[preset.fonts];
  const scale = RADIUS_SCALE[preset.radius];
  return {
    colors: { brand: colorTuple(looks.primary_color), accent: colorTuple(looks.accent_color) },
    primaryColor: 'brand',
    primaryShade: SHADE,
    // Filled surfaces carry white or near-black text, whichever reads better (the same rule as the server's check).
    autoContrast: true,
    luminanceThreshold: TEXT_SWITCH_LUMINANCE,
    black: TEXT_ON_LIGHT,
    fontFamily: fonts.body,
    headings: { fontFamily: fonts.headings },
    defaultRadius: 'md',
    radius: Object.fromEntries(Object.entries(RADII).map(([key, px]) => [key, `${(px * scale) / 16}rem`])),
  };
}

// Only the variables the looks change; everything else stays as the app's MantineProvider set it.
const KEEP = /^--mantine-(color-(brand|accent)-|primary-color-|radius-|font-family(-headings)?$|color-(black|text|bright|anchor|default-color)$)/;

/** The CSS variables of the looks, plus the two computed text colours as `--looks-on-primary` / `--looks-on-accent`. */
export function looksCssVariables(looks: TLooks): Record<string, string> {
  const theme = mergeMantineTheme(DEFAULT_THEME, looksThemeOverride(looks));
  const { variables, light } = defaultCssVariablesResolver(theme);
  const all: Record<string, string> = { ...variables, ...light };
  const picked = Object.fromEntries(Object.entries(all).filter(([key]) => KEEP.test(key)));
  return { ...picked, '--looks-on-primary': textColorOn(looks.primary_color), '--looks-on-accent': textColorOn(looks.accent_color) };
}

/** As an inline style for a wrapper element (the dashboard's previews). */
export function looksStyle(looks: TLooks): CSSProperties {
  return { ...looksCssVariables(looks), fontFamily: 'var(--mantine-font-family)', color: 'var(--mantine-color-text)' } as CSSProperties;
}

/** As a style sheet on the whole document (the storefront, whose drawers and menus render in portals). */
export function looksStyleSheet(looks: TLooks): string {
  const body = Object.entries(looksCssVariables(looks))
    .map(([key, value]) => `${key}: ${value};`)
    .join(' ');
  // Doubled :root outweighs the app provider's own :root block regardless of order in the document.
  return `:root:root { ${body} }`;
}
