import type { ComponentPropsWithRef, CSSProperties, ElementType } from 'react';

/**
 * The values Mantine's components write into their CSS variables, for the light components of this folder (see
 * index.ts). Mantine's stylesheet does the rest, so a light component looks exactly like Mantine's.
 */

export type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
const SIZES = new Set<unknown>(['xs', 'sm', 'md', 'lg', 'xl']);
export const isNamed = (value: unknown): value is Size => SIZES.has(value);

/** px as Mantine writes them: `calc(1.5rem * var(--mantine-scale))`. */
export const rem = (px: number) => (px === 0 ? '0rem' : `calc(${px / 16}rem * var(--mantine-scale))`);

/** A named size of a component (`var(--button-height-sm)`), a length in px, or any CSS length as given. */
export const sizeVar = (value: Size | number | string | undefined, name: string) =>
  value === undefined ? undefined : isNamed(value) ? `var(--${name}-${value})` : typeof value === 'number' ? rem(value) : value;

/** The theme's spacing, radius or font size (`var(--mantine-spacing-md)`), or px. */
export const themeVar = (value: Size | number | string | undefined, scale: 'spacing' | 'radius' | 'font-size' | 'line-height') =>
  value === undefined ? undefined : isNamed(value) ? `var(--mantine-${scale}-${value})` : typeof value === 'number' ? rem(value) : value;

/** `dimmed`, `gray.6`, `red` or a CSS colour, as a text colour. */
export function textColor(color: string | undefined): string | undefined {
  if (color === undefined) return undefined;
  if (color === 'dimmed' || color === 'white' || color === 'black' || color === 'bright') return `var(--mantine-color-${color})`;
  const shade = /^([a-z]+)\.(\d)$/.exec(color);
  if (shade) return `var(--mantine-color-${shade[1]}-${shade[2]})`;
  return /^[a-z]+$/.test(color) ? `var(--mantine-color-${color}-text)` : color;
}

/** Mantine writes a shade's translucent hover as rgba() of its hex value: those the storefront uses, for the same markup. */
const SHADE_RGB: Record<string, string> = { 'gray.3': '222, 226, 230' };
const translucent = (color: string, name: string, level: string, alpha: number) =>
  SHADE_RGB[color] ? `rgba(${SHADE_RGB[color]}, ${alpha})` : `color-mix(in srgb, var(--mantine-color-${name}-${level}) ${alpha * 100}%, transparent)`;

export type Variant = 'filled' | 'light' | 'outline' | 'subtle' | 'default' | 'transparent';

/**
 * Background, hover, text and border of a variant in a colour, as Mantine's default resolver gives them. No colour
 * means the primary colour, by the theme's `--mantine-primary-color-*` variables (the restaurant's looks set them);
 * filled, it carries the text colour Mantine computes for it (`--mantine-primary-color-contrast`).
 */
export function variantColors(variant: Variant, color?: string, autoContrast = true) {
  const border = (value: string) => `${rem(1)} solid ${value}`;
  if (variant === 'default') {
    return { bg: 'var(--mantine-color-default)', hover: 'var(--mantine-color-default-hover)', color: 'var(--mantine-color-default-color)', bd: border('var(--mantine-color-default-border)') };
  }
  const shade = color && /^([a-z]+)\.(\d)$/.exec(color);
  if (shade) {
    const [, name = '', level = ''] = shade;
    const solid = `var(--mantine-color-${name}-${level})`;
    switch (variant) {
      case 'filled':
        return { bg: solid, hover: `var(--mantine-color-${name}-${level === '9' ? 8 : Number(level) + 1})`, color: 'var(--mantine-color-white)', bd: border('transparent') };
      case 'outline':
        return { bg: 'transparent', hover: translucent(color!, name, level, 0.05), color: solid, bd: border(solid) };
      default: {
        const text = `var(--mantine-color-${name}-${Math.min(Number(level), 6)})`;
        return { bg: variant === 'light' ? translucent(color!, name, level, 0.1) : 'transparent', hover: translucent(color!, name, level, 0.12), color: text, bd: border('transparent') };
      }
    }
  }
  const name = color ? `color-${color}` : 'primary-color';
  switch (variant) {
    case 'filled':
      return {
        bg: `var(--mantine-${name}-filled)`,
        hover: `var(--mantine-${name}-filled-hover)`,
        color: color || !autoContrast ? 'var(--mantine-color-white)' : 'var(--mantine-primary-color-contrast)',
        bd: border('transparent'),
      };
    case 'light':
      return { bg: `var(--mantine-${name}-light)`, hover: `var(--mantine-${name}-light-hover)`, color: `var(--mantine-${name}-light-color)`, bd: border('transparent') };
    case 'outline':
      return { bg: 'transparent', hover: `var(--mantine-${name}-outline-hover)`, color: `var(--mantine-${name}-outline)`, bd: border(`var(--mantine-${name}-outline)`) };
    case 'subtle':
      return { bg: 'transparent', hover: `var(--mantine-${name}-light-hover)`, color: `var(--mantine-${name}-light-color)`, bd: border('transparent') };
    case 'transparent':
      return { bg: 'transparent', hover: 'transparent', color: `var(--mantine-${name}-light-color)`, bd: border('transparent') };
  }
}

/** CSS variables (undefined ones left out) before the element's own style, as Mantine orders them. */
export function vars(variables: Record<string, string | number | undefined>, style?: CSSProperties): CSSProperties {
  const defined = Object.fromEntries(Object.entries(variables).filter(([, value]) => value !== undefined));
  return { ...defined, ...style } as CSSProperties;
}

/** Class names joined, falsy ones left out. */
export const cx = (...names: (string | false | undefined | null)[]) => names.filter(Boolean).join(' ');

/** Mantine's `data-*` flags: present with "true" when on, absent when off. */
export const flag = (on: unknown) => (on ? 'true' : undefined);

/** Props of a light component rendered as `component` (a div, a, h3, React Router's Link ...), with that element's own props. */
export type PolyProps<C extends ElementType, P> = P & { component?: C } & Omit<ComponentPropsWithRef<C>, keyof P | 'component'>;
