import type { ElementType } from 'react';
import { cx, flag, textColor, themeVar, vars, type PolyProps, type Size } from './style.ts';

/** Mantine's `fz`: a font size of the theme (`sm`, `h4`) or px. */
type FontSize = Size | `h${1 | 2 | 3 | 4 | 5 | 6}` | number;
const fontSize = (fz: FontSize | undefined) => (typeof fz === 'string' && fz.startsWith('h') ? `var(--mantine-${fz}-font-size)` : themeVar(fz, 'font-size'));

type TextOwn = {
  size?: Size;
  /** The font size alone (`size` also sets the line height). */
  fz?: FontSize;
  /** `dimmed`, `gray.6`, a colour name or a CSS colour. */
  c?: string;
  fw?: number;
  /** A span instead of a paragraph. */
  span?: boolean;
  /** The parent's font size, weight and colour. */
  inherit?: boolean;
  /** One line, cut with an ellipsis. */
  truncate?: boolean;
  /** At most this many lines, the last cut with an ellipsis. */
  lineClamp?: number;
};

/** Mantine's Text. */
export function Text<C extends ElementType = 'p'>({ component, size, fz, c, fw, span, inherit, truncate, lineClamp, className, style, ...rest }: PolyProps<C, TextOwn>) {
  const Root: ElementType = component ?? (span ? 'span' : 'p');
  return (
    <Root
      style={vars({ '--text-fz': themeVar(size, 'font-size'), '--text-lh': themeVar(size, 'line-height'), '--text-line-clamp': lineClamp, color: textColor(c), fontSize: fontSize(fz), fontWeight: fw }, style)}
      className={cx('mantine-focus-auto m_b6d8b162 mantine-Text-root', className)}
      data-size={size}
      data-truncate={truncate ? 'end' : undefined}
      data-line-clamp={flag(lineClamp)}
      data-inherit={flag(inherit)}
      {...rest}
    />
  );
}

/** Mantine's Title: a heading of `order`, sized as heading `size` (default: its own). */
export function Title<C extends ElementType = 'h1'>({ component, order = 1, size, fz, c, className, style, ...rest }: PolyProps<C, { order?: 1 | 2 | 3 | 4 | 5 | 6; size?: `h${1 | 2 | 3 | 4 | 5 | 6}`; fz?: FontSize; c?: string }>) {
  const Root: ElementType = component ?? `h${order}`;
  const heading = size ?? `h${order}`;
  return (
    <Root
      style={vars({ '--title-fw': `var(--mantine-${heading}-font-weight)`, '--title-lh': `var(--mantine-${heading}-line-height)`, '--title-fz': `var(--mantine-${heading}-font-size)`, color: textColor(c), fontSize: fontSize(fz) }, style)}
      className={cx('m_8a5d1357 mantine-Title-root', className)}
      data-size={size}
      data-order={order}
      {...rest}
    />
  );
}

/** Mantine's Anchor: a link in Text's sizes, underlined on hover. */
export function Anchor<C extends ElementType = 'a'>({ component, size, fz, c, fw, underline = 'hover', className, style, ...rest }: PolyProps<C, Pick<TextOwn, 'size' | 'fz' | 'c' | 'fw'> & { underline?: 'hover' | 'always' | 'never' }>) {
  const Root: ElementType = component ?? 'a';
  return (
    <Root
      style={vars({ '--text-fz': themeVar(size, 'font-size'), '--text-lh': themeVar(size, 'line-height'), color: textColor(c), fontSize: fontSize(fz), fontWeight: fw }, style)}
      className={cx('mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root', className)}
      data-size={size}
      data-underline={underline}
      {...rest}
    />
  );
}

/** Read by screen readers, not shown. */
export function VisuallyHidden<C extends ElementType = 'span'>({ component, className, ...rest }: PolyProps<C, object>) {
  const Root: ElementType = component ?? 'span';
  return <Root className={cx('m_515a97f8 mantine-VisuallyHidden-root', className)} {...rest} />;
}
