import { Children, isValidElement, type ElementType } from 'react';
import { cx, flag, isNamed, themeVar, rem, vars, type PolyProps, type Size } from './style.ts';

type Gap = Size | number;

type GroupOwn = {
  gap?: Gap;
  justify?: string;
  align?: string;
  wrap?: 'wrap' | 'nowrap';
  /** Children share the row equally (Mantine's `grow`; without `preventGrowOverflow`). */
  grow?: boolean;
};

/** Mantine's Group: a flex row. */
export function Group<C extends ElementType = 'div'>({ component, gap = 'md', justify = 'flex-start', align = 'center', wrap = 'wrap', grow, className, style, ...rest }: PolyProps<C, GroupOwn>) {
  const Root: ElementType = component ?? 'div';
  return (
    <Root
      style={vars({ '--group-gap': themeVar(gap, 'spacing'), '--group-align': align, '--group-justify': justify, '--group-wrap': wrap }, style)}
      className={cx('m_4081bf90 mantine-Group-root', className)}
      data-grow={flag(grow)}
      {...rest}
    />
  );
}

type StackOwn = { gap?: Gap; align?: string; justify?: string };

/** Mantine's Stack: a flex column. */
export function Stack<C extends ElementType = 'div'>({ component, gap = 'md', align = 'stretch', justify = 'flex-start', className, style, ...rest }: PolyProps<C, StackOwn>) {
  const Root: ElementType = component ?? 'div';
  return <Root style={vars({ '--stack-gap': themeVar(gap, 'spacing'), '--stack-align': align, '--stack-justify': justify }, style)} className={cx('m_6d731127 mantine-Stack-root', className)} {...rest} />;
}

/** Mantine's Container: centred, at most `size` wide. */
export function Container<C extends ElementType = 'div'>({ component, size = 'md', className, style, ...rest }: PolyProps<C, { size?: Size | number }>) {
  const Root: ElementType = component ?? 'div';
  return (
    <Root
      style={vars({ '--container-size': isNamed(size) ? `var(--container-size-${size})` : rem(size) }, style)}
      className={cx('m_7485cace mantine-Container-root', className)}
      data-size={isNamed(size) ? size : undefined}
      data-strategy="block"
      {...rest}
    />
  );
}

type PaperOwn = { withBorder?: boolean; radius?: Size | number; shadow?: Size };

/** Mantine's Paper: a white surface with a border, corners and a shadow. */
export function Paper<C extends ElementType = 'div'>({ component, withBorder, radius, shadow, className, style, ...rest }: PolyProps<C, PaperOwn>) {
  const Root: ElementType = component ?? 'div';
  return (
    <Root
      style={vars({ '--paper-radius': themeVar(radius, 'radius'), '--paper-shadow': shadow && `var(--mantine-shadow-${shadow})` }, style)}
      className={cx('m_1b7284a3 mantine-Paper-root', className)}
      data-with-border={flag(withBorder)}
      {...rest}
    />
  );
}

/** Mantine's Card: a Paper whose sections reach its edges. */
export function Card<C extends ElementType = 'div'>({ component, withBorder, radius, padding = 'md', className, style, children, ...rest }: PolyProps<C, PaperOwn & { padding?: Gap }>) {
  const Root: ElementType = component ?? 'div';
  const items = Children.toArray(children);
  return (
    <Root
      style={vars({ '--paper-radius': themeVar(radius, 'radius'), '--card-padding': themeVar(padding, 'spacing') }, style)}
      className={cx('m_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root', className)}
      data-with-border={flag(withBorder)}
      {...rest}
    >
      {/* Mantine marks the first and last sections, whose outer edges meet the card's. */}
      {items.map((child, i) =>
        isValidElement<SectionProps>(child) && child.type === CardSection ? <CardSection key={child.key} {...child.props} first={i === 0} last={i === items.length - 1} /> : child,
      )}
    </Root>
  );
}

type SectionProps = PolyProps<'div', { first?: boolean; last?: boolean }>;

/** A part of a Card that reaches its edges (a picture). */
export function CardSection({ first, last, className, ...rest }: SectionProps) {
  return <div className={cx('m_599a2148 mantine-Card-section', className)} data-first-section={flag(first)} data-last-section={flag(last)} {...rest} />;
}

/** Mantine's Center: its content centred both ways. */
export function Center<C extends ElementType = 'div'>({ component, className, ...rest }: PolyProps<C, object>) {
  const Root: ElementType = component ?? 'div';
  return <Root className={cx('m_4451eb3a mantine-Center-root', className)} {...rest} />;
}

/**
 * Mantine's SimpleGrid: equal columns. Its columns per screen width come from `className` (a CSS module setting
 * `--sg-cols` in media queries): Mantine writes those rules into a style tag per grid at run time.
 */
export function SimpleGrid<C extends ElementType = 'div'>({ component, spacing = 'md', verticalSpacing, className, style, ...rest }: PolyProps<C, { spacing?: Gap; verticalSpacing?: Gap }>) {
  const Root: ElementType = component ?? 'div';
  return (
    <Root
      style={vars({ '--sg-spacing-x': themeVar(spacing, 'spacing'), '--sg-spacing-y': themeVar(verticalSpacing ?? spacing, 'spacing') }, style)}
      className={cx('m_2415a157 mantine-SimpleGrid-root', className)}
      {...rest}
    />
  );
}
