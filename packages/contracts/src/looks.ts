import type { TAppearance } from './appearance.ts';

// The Zod-free half of appearance.ts (which re-exports all of it): colour maths, presets, defaults and banner
// widths, so the storefront's first load can theme the page without loading Zod (issue #11 JavaScript budget).

// ---- colour maths (WCAG 2.x), pure so server and browser judge a colour the same way ----

export const HEX_COLOR = /^#[0-9a-f]{6}$/;

/** Text colours a filled surface can carry: white, or a near-black that is softer than pure black. */
export const TEXT_ON_DARK = '#ffffff';
export const TEXT_ON_LIGHT = '#141517';

/** WCAG AA: 4.5:1 for normal text, 3:1 for large text and for user-interface parts (1.4.3, 1.4.11). */
export const CONTRAST_AA_TEXT = 4.5;
export const CONTRAST_AA_UI = 3;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a #rrggbb colour (0 = black, 1 = white). */
export function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((value >> 16) & 255) + 0.7152 * channel((value >> 8) & 255) + 0.0722 * channel(value & 255);
}

/** Contrast ratio of two #rrggbb colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
export function textColorOn(background: string): string {
  return contrastRatio(background, TEXT_ON_DARK) >= contrastRatio(background, TEXT_ON_LIGHT) ? TEXT_ON_DARK : TEXT_ON_LIGHT;
}

/**
 * The luminance above which near-black beats white: where both give the same ratio. Mantine's `autoContrast`
 * compares WCAG luminance against `luminanceThreshold`, so this makes it pick the same text colour as `textColorOn`.
 */
export const TEXT_SWITCH_LUMINANCE = Math.sqrt(1.05 * (relativeLuminance(TEXT_ON_LIGHT) + 0.05)) - 0.05;

export interface TContrastCheck {
  /** The text colour buttons carry on this colour. */
  text: string;
  /** Button text against the colour. */
  text_ratio: number;
  /** The colour against the white page (links, outlines, active tabs, icons). */
  page_ratio: number;
  ok: boolean;
}

/**
 * The rule a primary colour must pass. Its button text is white or near-black, whichever contrasts more, which is
 * at least 4.5:1 for nearly every colour (≥ 4.2:1 at worst). The primary is also drawn straight onto the white page
 * (links, outlines, the active tab), so it must itself reach 3:1 against white (WCAG 1.4.11, UI components and large
 * text). Both must reach 3:1; in practice the page check is what refuses pale colours such as a light yellow.
 */
export function checkPrimaryContrast(color: string): TContrastCheck {
  const text = textColorOn(color);
  const text_ratio = contrastRatio(color, text);
  const page_ratio = contrastRatio(color, '#ffffff');
  return { text, text_ratio, page_ratio, ok: text_ratio >= CONTRAST_AA_UI && page_ratio >= CONTRAST_AA_UI };
}

/** Rounded down to two decimals, so "2.99:1" never shows as a passing "3.00:1". */
export const formatRatio = (ratio: number, lang = 'en') => `${(Math.floor(ratio * 100) / 100).toFixed(2).replace('.', lang === 'de' ? ',' : '.')}:1`;

// ---- presets ----

export const FONT_PAIRINGS = {
  /** Serif headings over a clean sans body: menus with a printed feel. */
  trattoria: {
    headings: 'Georgia, "Iowan Old Style", "Palatino Linotype", "Book Antiqua", Palatino, serif',
    body: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  /** High-contrast display serif with a light grotesque body: evening dining. */
  elegant: {
    headings: 'Didot, "Bodoni 72", "Bodoni MT", "Playfair Display", Georgia, serif',
    body: '"Helvetica Neue", Helvetica, Arial, system-ui, sans-serif',
  },
  /** Rounded sans throughout: friendly, light, modern. */
  rounded: {
    headings: 'ui-rounded, "SF Pro Rounded", Nunito, "Varela Round", "Segoe UI", system-ui, sans-serif',
    body: 'ui-rounded, "SF Pro Rounded", Nunito, system-ui, -apple-system, "Segoe UI", sans-serif',
  },
  /** Geometric sans throughout: crisp and airy. */
  modern: {
    headings: 'Avenir, "Avenir Next", Montserrat, "Segoe UI", system-ui, sans-serif',
    body: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  /** Book serif throughout: a café's chalkboard warmth. */
  bookish: {
    headings: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif',
    body: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif',
  },
} as const;
export type TFontPairing = keyof typeof FONT_PAIRINGS;

/** Mantine radius keys; every preset chooses one. */
export type TRadius = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export interface TThemePreset {
  primary_color: string;
  accent_color: string;
  fonts: TFontPairing;
  radius: TRadius;
}

export const THEME_NAMES = ['classic', 'bistro', 'fresh', 'coastal', 'espresso'] as const;
export type TThemeName = (typeof THEME_NAMES)[number];

/** Each preset's primary passes `checkPrimaryContrast` (a test proves it). */
export const THEME_PRESETS: Record<TThemeName, TThemePreset> = {
  /** Warm trattoria: terracotta and saffron. */
  classic: { primary_color: '#b23a1e', accent_color: '#e0a82e', fonts: 'trattoria', radius: 'md' },
  /** Dark and elegant: ink blue and brass. */
  bistro: { primary_color: '#1f2a3c', accent_color: '#c9a24a', fonts: 'elegant', radius: 'xs' },
  /** Fresh and healthy: leaf green and citrus. */
  fresh: { primary_color: '#2e7d32', accent_color: '#f4b63f', fonts: 'rounded', radius: 'lg' },
  /** Coastal: deep sea blue and surf. */
  coastal: { primary_color: '#1a5f8f', accent_color: '#5ec4c9', fonts: 'modern', radius: 'xl' },
  /** Espresso bar: roasted brown and caramel. */
  espresso: { primary_color: '#5d3a24', accent_color: '#d39b5f', fonts: 'bookish', radius: 'sm' },
};

// ---- the stored looks ----

export const MENU_LAYOUTS = ['grid', 'list'] as const;
export type TMenuLayout = (typeof MENU_LAYOUTS)[number];
export const HEADER_STYLES = ['classic', 'centered', 'banner'] as const;
export type THeaderStyle = (typeof HEADER_STYLES)[number];

/** A restaurant that never chose: the classic preset, grid menu, classic header. */
export const DEFAULT_APPEARANCE: TAppearance = {
  theme: 'classic',
  primary_color: THEME_PRESETS.classic.primary_color,
  accent_color: THEME_PRESETS.classic.accent_color,
  menu_layout: 'grid',
  header_style: 'classic',
  banner_image: null,
};

/** The public read: the looks plus the text colours computed for the two colours. */
export interface TPublicAppearance extends TAppearance {
  on_primary_color: string;
  on_accent_color: string;
}

export function toPublicAppearance(looks: TAppearance): TPublicAppearance {
  return { ...looks, on_primary_color: textColorOn(looks.primary_color), on_accent_color: textColorOn(looks.accent_color) };
}

/** Banner uploads are stored in these widths (a full-width hero needs more than a product photo). */
export const BANNER_WIDTHS = [640, 1280, 1920] as const;
export interface TUploadedBanner {
  /** The saved looks with the new banner. */
  appearance: TAppearance;
  srcset: string;
}

/** All widths of a banner from its stored (1280px) URL, for `srcset`. */
export function bannerSrcSet(url: string): string | undefined {
  const match = /^(.*)-\d+\.webp$/.exec(url);
  return match ? BANNER_WIDTHS.map((w) => `${match[1]}-${w}.webp ${w}w`).join(', ') : undefined;
}
