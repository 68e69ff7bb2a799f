import { useId, useState, type ElementType, type ReactNode } from 'react';
import { cx, flag, isNamed, rem, sizeVar, themeVar, variantColors, vars, type PolyProps, type Size, type Variant } from './style.ts';

type BadgeOwn = { color?: string; variant?: Variant; size?: Size; radius?: Size | number; autoContrast?: boolean };

/** Mantine's Badge. */
export function Badge<C extends ElementType = 'div'>({ component, color, variant, size, radius, autoContrast, className, style, children, ...rest }: PolyProps<C, BadgeOwn>) {
  const Root: ElementType = component ?? 'div';
  const colors = variantColors(variant ?? 'filled', color, autoContrast);
  return (
    <Root
      style={vars(
        {
          '--badge-height': sizeVar(size, 'badge-height'),
          '--badge-padding-x': sizeVar(size, 'badge-padding-x'),
          '--badge-fz': sizeVar(size, 'badge-fz'),
          '--badge-radius': themeVar(radius, 'radius'),
          '--badge-bg': color || variant ? colors.bg : undefined,
          '--badge-color': color || variant ? colors.color : undefined,
          '--badge-bd': color || variant ? colors.bd : undefined,
        },
        style,
      )}
      className={cx('m_347db0ec mantine-Badge-root', className)}
      data-variant={variant}
      data-size={size}
      {...rest}
    >
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </Root>
  );
}

type ThemeIconOwn = { color?: string; variant?: Variant; size?: Size | number; radius?: Size | number };

/** Mantine's ThemeIcon: an icon on a coloured square or circle. */
export function ThemeIcon({ color, variant = 'filled', size, radius, className, style, ...rest }: PolyProps<'div', ThemeIconOwn>) {
  const colors = variantColors(variant, color);
  return (
    <div
      style={vars({ '--ti-size': sizeVar(size, 'ti-size'), '--ti-radius': themeVar(radius, 'radius'), '--ti-bg': colors.bg, '--ti-color': colors.color, '--ti-bd': colors.bd }, style)}
      className={cx('m_7341320d mantine-ThemeIcon-root', className)}
      data-variant={variant}
      data-size={isNamed(size) ? size : undefined}
      {...rest}
    />
  );
}

type AvatarOwn = { src?: string | null; alt?: string; size?: Size | number | string; radius?: Size | number; color?: string; variant?: Variant };

/** Mantine's Avatar: the picture, or its children (initials) on a colour when there is none or it fails to load. */
export function Avatar({ src, alt, size, radius, color, variant = 'light', className, style, children, ...rest }: PolyProps<'div', AvatarOwn>) {
  // The picture that failed to load (a new one gets its chance).
  const [failed, setFailed] = useState<string | null>(null);
  const colors = variantColors(variant, color);
  return (
    <div
      style={vars(
        { '--avatar-size': sizeVar(size, 'avatar-size'), '--avatar-radius': themeVar(radius, 'radius'), '--avatar-bg': colors.bg, '--avatar-color': colors.color, '--avatar-bd': colors.bd },
        style,
      )}
      className={cx('m_f85678b6 mantine-Avatar-root', className)}
      data-variant={variant}
      data-size={isNamed(size) ? size : undefined}
      {...rest}
    >
      {src && failed !== src ? <img className="m_11f8ac07 mantine-Avatar-image" src={src} alt={alt} onError={() => setFailed(src)} /> : <span className="m_104cd71f mantine-Avatar-placeholder">{children}</span>}
    </div>
  );
}

type IndicatorOwn = { label?: ReactNode; size?: number; offset?: number; color?: string; disabled?: boolean };

/** Mantine's Indicator: a dot or count on the corner of its child. */
export function Indicator({ label, size = 10, offset = 0, color, disabled, className, style, children, ...rest }: PolyProps<'div', IndicatorOwn>) {
  const corner = rem(offset);
  return (
    <div
      style={vars(
        {
          '--indicator-color': color && `var(--mantine-color-${color}-filled)`,
          '--indicator-size': rem(size),
          '--indicator-top': corner,
          '--indicator-right': corner,
          '--indicator-translate-x': '50%',
          '--indicator-translate-y': '-50%',
        },
        style,
      )}
      className={cx('m_e5262200 mantine-Indicator-root', className)}
      {...rest}
    >
      {!disabled && (
        <div className="m_760d1fb1 mantine-Indicator-indicator" data-with-label={flag(label !== undefined && label !== null)}>
          {label}
        </div>
      )}
      {children}
    </div>
  );
}

type AlertOwn = { color?: string; variant?: Variant; title?: ReactNode; icon?: ReactNode };

/** Mantine's Alert: a coloured box with an icon, a title and a message. */
export function Alert({ color, variant, title, icon, className, style, children, ...rest }: PolyProps<'div', AlertOwn>) {
  const id = useId();
  const colors = variantColors(variant ?? 'light', color);
  return (
    <div
      style={vars({ '--alert-bg': colors.bg, '--alert-color': colors.color, '--alert-bd': colors.bd }, style)}
      className={cx('m_66836ed3 mantine-Alert-root', className)}
      data-variant={variant}
      id={id}
      role="alert"
      aria-describedby={`${id}-body`}
      aria-labelledby={title ? `${id}-title` : undefined}
      {...rest}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        {icon && <div className="m_667f2a6a mantine-Alert-icon">{icon}</div>}
        <div className="m_667c2793 mantine-Alert-body">
          {title && (
            <div className="m_6a03f287 mantine-Alert-title">
              <span id={`${id}-title`} className="m_698f4f23 mantine-Alert-label">
                {title}
              </span>
            </div>
          )}
          <div id={`${id}-body`} className="m_7fa78076 mantine-Alert-message" data-variant={variant}>
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

type SkeletonOwn = { height?: number | string; width?: number | string; radius?: Size | number; circle?: boolean };

/** Mantine's Skeleton: a grey shimmering block where content will be. */
export function Skeleton({ height, width, radius, circle, className, style, ...rest }: PolyProps<'div', SkeletonOwn>) {
  const length = (value: number | string | undefined) => (typeof value === 'number' ? rem(value) : value);
  return (
    <div
      style={vars({ '--skeleton-height': length(height), '--skeleton-width': circle ? length(height) : length(width), '--skeleton-radius': circle ? '1000px' : themeVar(radius, 'radius') }, style)}
      className={cx('m_18320242 mantine-Skeleton-root', className)}
      data-visible="true"
      data-animate="true"
      {...rest}
    />
  );
}

/** Mantine's Divider: a horizontal line. */
export function Divider({ color, className, style, ...rest }: PolyProps<'div', { color?: string }>) {
  return (
    <div
      style={vars({ '--divider-color': color && `var(--mantine-color-${color.replace('.', '-')})` }, style)}
      className={cx('m_3eebeb36 mantine-Divider-root', className)}
      data-orientation="horizontal"
      role="separator"
      {...rest}
    />
  );
}

/** Mantine's Loader (its default, the ring). */
export function Loader({ size, className, style, ...rest }: PolyProps<'span', { size?: Size }>) {
  return <span style={vars({ '--loader-size': sizeVar(size, 'loader-size') }, style)} className={cx('m_b34414df m_5ae2e3c mantine-Loader-root', className)} data-size={size} {...rest} />;
}
