import type { CSSProperties, ElementType, ReactNode } from 'react';
import { cx, flag, isNamed, sizeVar, themeVar, variantColors, vars, type PolyProps, type Size, type Variant } from './style.ts';

/** Mantine's UnstyledButton: a button (or link) without looks, with Mantine's keyboard focus ring. */
export function UnstyledButton<C extends ElementType = 'button'>({ component, className, ...rest }: PolyProps<C, object>) {
  const Root: ElementType = component ?? 'button';
  return <Root className={cx('mantine-focus-auto m_87cf2631 mantine-UnstyledButton-root', className)} type={Root === 'button' ? 'button' : undefined} {...rest} />;
}

type ButtonSize = Size | `compact-${Size}`;

type ButtonOwn = {
  variant?: Variant;
  color?: string;
  size?: ButtonSize;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  fullWidth?: boolean;
  disabled?: boolean;
  /** Busy: a spinner over the label, and no clicks (a form is not sent twice). */
  loading?: boolean;
};

/** Where Mantine's Transition leaves the busy button's spinner: centred over the label. */
const LOADER_STYLE = {
  transitionProperty: 'transform, opacity',
  WebkitBackfaceVisibility: 'hidden',
  transitionDuration: '150ms',
  transitionTimingFunction: 'ease',
  transformOrigin: 'center',
  opacity: 1,
  transform: 'translate(-50%, calc(-50% + calc(0.0625rem * var(--mantine-scale))))',
} as const;

/** Mantine's Button. */
export function Button<C extends ElementType = 'button'>({ component, variant, color, size, leftSection, rightSection, fullWidth, disabled, loading, className, style, children, ...rest }: PolyProps<C, ButtonOwn>) {
  const Root: ElementType = component ?? 'button';
  // Mantine writes the colours only when a variant or colour is given: the filled primary button's come from its CSS.
  const colors = variant || color ? variantColors(variant ?? 'filled', color) : undefined;
  const named = size?.replace('compact-', '');
  return (
    <Root
      style={vars(
        {
          '--button-height': size && `var(--button-height-${size})`,
          '--button-padding-x': size && `var(--button-padding-x-${size})`,
          '--button-fz': named ? `var(--mantine-font-size-${named})` : undefined,
          '--button-bg': colors?.bg,
          '--button-hover': colors?.hover,
          '--button-color': colors?.color ?? variantColors('filled').color,
          '--button-bd': colors?.bd,
        },
        style,
      )}
      className={cx('mantine-focus-auto', !disabled && !loading && 'mantine-active', 'm_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root', className)}
      data-variant={variant}
      data-size={size}
      data-disabled={flag(disabled)}
      data-block={flag(fullWidth)}
      data-loading={flag(loading)}
      data-with-left-section={flag(leftSection)}
      data-with-right-section={flag(rightSection)}
      type={Root === 'button' ? 'button' : undefined}
      disabled={Root === 'button' ? disabled || loading : undefined}
      {...rest}
    >
      {loading && (
        <span style={LOADER_STYLE} className="m_a25b86ee mantine-Button-loader" aria-hidden="true">
          <span style={{ '--loader-size': 'calc(var(--button-height) / 1.8)', '--loader-color': 'var(--button-color)' } as CSSProperties} className="m_b34414df m_5ae2e3c mantine-Loader-root" />
        </span>
      )}
      <span className="m_80f1301b mantine-Button-inner">
        {leftSection && (
          <span className="m_a74036a mantine-Button-section" data-position="left">
            {leftSection}
          </span>
        )}
        <span className="m_811560b9 mantine-Button-label" data-loading={flag(loading)}>
          {children}
        </span>
        {rightSection && (
          <span className="m_a74036a mantine-Button-section" data-position="right">
            {rightSection}
          </span>
        )}
      </span>
    </Root>
  );
}

type ActionIconOwn = { variant?: Variant; color?: string; size?: Size | number; radius?: Size | number; disabled?: boolean };

/** Mantine's ActionIcon: a square button around an icon. */
export function ActionIcon<C extends ElementType = 'button'>({ component, variant = 'filled', color, size, radius, disabled, className, style, children, ...rest }: PolyProps<C, ActionIconOwn>) {
  const Root: ElementType = component ?? 'button';
  const colors = variantColors(variant, color);
  return (
    <Root
      style={vars({ '--ai-size': sizeVar(size, 'ai-size'), '--ai-radius': themeVar(radius, 'radius'), '--ai-bg': colors.bg, '--ai-hover': colors.hover, '--ai-color': colors.color, '--ai-bd': colors.bd }, style)}
      className={cx('mantine-focus-auto', !disabled && 'mantine-active', 'm_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root', className)}
      data-variant={variant}
      data-size={isNamed(size) ? size : undefined}
      data-disabled={flag(disabled)}
      type={Root === 'button' ? 'button' : undefined}
      disabled={Root === 'button' ? disabled : undefined}
      {...rest}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </Root>
  );
}

/** ActionIcons joined into one bar. */
export function ActionIconGroup({ className, ...rest }: PolyProps<'div', object>) {
  return <div className={cx('m_1a0f1b21 mantine-ActionIconGroup-group', className)} data-orientation="horizontal" role="group" {...rest} />;
}

/** Mantine's close button (×). */
export function CloseButton({ size, className, style, ...rest }: PolyProps<'button', { size?: Size }>) {
  return (
    <button
      style={vars({ '--cb-size': sizeVar(size, 'cb-size') }, style)}
      className={cx('mantine-focus-auto mantine-active m_220c80f2 m_86a44da5 mantine-CloseButton-root m_87cf2631 mantine-UnstyledButton-root', className)}
      data-variant="subtle"
      data-size={size}
      type="button"
      {...rest}
    >
      <svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" style={{ width: 'var(--cb-icon-size, 70%)', height: 'var(--cb-icon-size, 70%)' }}>
        <path
          d="M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z"
          fill="currentColor"
          fillRule="evenodd"
          clipRule="evenodd"
        />
      </svg>
    </button>
  );
}

/** Mantine's Burger: the menu button of small screens, a cross while `opened`. */
export function Burger({ opened, className, ...rest }: PolyProps<'button', { opened: boolean }>) {
  return (
    <button className={cx('mantine-focus-auto m_fea6bf1a mantine-Burger-root m_87cf2631 mantine-UnstyledButton-root', className)} type="button" {...rest}>
      <div className="m_d4fb9cad mantine-Burger-burger" data-opened={flag(opened)} data-reduce-motion="true" />
    </button>
  );
}
