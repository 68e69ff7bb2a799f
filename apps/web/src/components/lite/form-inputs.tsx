import { createContext, useContext, useId, useMemo, type ComponentProps, type CSSProperties, type ReactNode } from 'react';
import { CheckIcon, Input, type InputControlProps } from './inputs.tsx';
import { cx, flag, vars, type PolyProps } from './style.ts';

/*
 * The guests' form controls (the checkout, the reservation and contact forms): fields with a label and an error, a
 * text area, a select, a checkbox and radios, in a module of their own, so the landing (a search box) loads none.
 */

/** What Mantine's Input.Wrapper puts around a field's control: a label (" *" when required), a description and the error. */
type FieldOwn = { label?: ReactNode; error?: ReactNode; required?: boolean; description?: ReactNode; descriptionStyle?: CSSProperties };

/** The attributes a field's control gets: Input's, its id, what describes it, and whether it is required. */
type FieldControlProps = InputControlProps & { id: string; 'aria-describedby'?: string; required?: boolean };

type FieldProps = FieldRoot &
  Pick<ComponentProps<typeof Input>, 'kind' | 'vars' | 'data' | 'leftSection' | 'rightSection'> & {
    control: (props: FieldControlProps) => ReactNode;
  };

/** Mantine's Input.Wrapper around Input, for a light TextField, Textarea or NativeSelect. */
function Field({ kind, id, label, error, required, description, descriptionStyle, className, style, vars: own, data, leftSection, rightSection, control }: FieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const invalid = Boolean(error);
  const message = invalid && typeof error !== 'boolean';
  const describedBy = [message && `${inputId}-error`, description && `${inputId}-description`].filter(Boolean).join(' ') || undefined;
  return (
    <div style={style} className={cx(`m_46b77525 mantine-InputWrapper-root mantine-${kind}-root`, className)} data-size="sm" data-error={flag(invalid)}>
      {label && (
        <label
          style={{ '--input-label-size': 'var(--mantine-font-size-sm)' } as CSSProperties}
          className={`m_8fdc1311 mantine-InputWrapper-label mantine-${kind}-label`}
          data-size="sm"
          data-required={flag(required)}
          htmlFor={inputId}
          id={`${inputId}-label`}
        >
          {label}
          {required && (
            <span className={`m_78a94662 mantine-InputWrapper-required mantine-${kind}-required`} aria-hidden="true">
              {' *'}
            </span>
          )}
        </label>
      )}
      {description && (
        <p
          style={{ ...descriptionStyle, '--input-description-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))' } as CSSProperties}
          className={`m_fe47ce59 mantine-InputWrapper-description mantine-${kind}-description`}
          data-size="sm"
          id={`${inputId}-description`}
        >
          {description}
        </p>
      )}
      <Input
        kind={kind}
        invalid={invalid}
        vars={{ '--input-margin-top': description ? 'calc(var(--mantine-spacing-xs) / 2)' : undefined, '--input-margin-bottom': message ? 'calc(var(--mantine-spacing-xs) / 2)' : undefined, ...own }}
        data={data}
        leftSection={leftSection}
        rightSection={rightSection}
        control={(props) => control({ ...props, id: inputId, 'aria-describedby': describedBy, required })}
      />
      {message && (
        <p
          style={{ '--input-error-size': 'calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))' } as CSSProperties}
          className={`m_8f816625 mantine-InputWrapper-error mantine-${kind}-error`}
          data-size="sm"
          id={`${inputId}-error`}
        >
          {error}
        </p>
      )}
    </div>
  );
}

/** A field's own props, kept from its control: its label, description and error, and its root's id, class and style. */
type FieldRoot = FieldOwn & { id?: string; className?: string; style?: CSSProperties };

/** Splits a field's props into the wrapper's (FieldRoot) and the rest, which go to its control. */
function splitField<P extends FieldRoot>({ label, error, required, description, descriptionStyle, id, className, style, ...control }: P) {
  return [{ label, error, required, description, descriptionStyle, id, className, style }, control] as const;
}

/** Mantine's TextInput with its label, description and error. */
export function TextField({ leftSection, rightSection, ...props }: PolyProps<'input', FieldOwn & { leftSection?: ReactNode; rightSection?: ReactNode }>) {
  const [field, rest] = splitField(props);
  return <Field kind="TextInput" {...field} leftSection={leftSection} rightSection={rightSection} control={(control) => <input {...control} {...rest} />} />;
}

type TextareaOwn = FieldOwn & { resize?: 'none' | 'vertical' | 'both'; inputClassName?: string };

/** Mantine's Textarea (without `autosize`: components/ui/growing-textarea.tsx grows it by CSS). */
export function Textarea({ resize, inputClassName, ...props }: PolyProps<'textarea', TextareaOwn>) {
  const [field, rest] = splitField(props);
  return (
    <Field
      kind="Textarea"
      {...field}
      vars={{ '--input-padding-y': 'var(--input-padding-y-sm)' }}
      data={{ 'data-multiline': 'true' }}
      control={(control) => <textarea style={vars({ '--input-resize': resize })} {...control} className={cx(inputClassName, control.className)} {...rest} />}
    />
  );
}

type NativeSelectOwn = FieldOwn & { data: { value: string; label: string; disabled?: boolean }[] };

/** Mantine's NativeSelect: the browser's own select (a phone shows its picker), with Mantine's looks and chevron. */
export function NativeSelect({ data, ...props }: PolyProps<'select', NativeSelectOwn>) {
  const [field, rest] = splitField(props);
  return (
    <Field
      kind="NativeSelect"
      {...field}
      vars={{ '--input-right-section-pointer-events': 'none' }}
      data={{ 'data-pointer': 'true' }}
      rightSection={<ChevronIcon />}
      control={(control) => (
        <select {...control} {...rest}>
          {data.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

function ChevronIcon() {
  return (
    <svg className="m_2943220b mantine-ComboboxChevron-chevron" data-combobox-chevron="true" viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg">
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

type InlineInputProps = {
  kind: 'Checkbox' | 'Radio';
  /** Mantine's class names of the kind's root and of the box's frame. */
  classes: { root: string; inner: string };
  id: string;
  label: ReactNode;
  checked: boolean | undefined;
  className?: string;
  style?: CSSProperties;
  /** The input and its mark. */
  children: ReactNode;
};

/** Mantine's InlineInput: a box (a checkbox's, a radio's) in the primary colour, with its label on the right. */
function InlineInput({ kind, classes, id, label, checked, className, style, children }: InlineInputProps) {
  return (
    <div
      style={vars({ [`--${kind.toLowerCase()}-color`]: 'var(--mantine-primary-color-filled)' }, style)}
      className={cx(`${classes.root} mantine-${kind}-root m_5f75b09e mantine-${kind}-root`, className)}
      data-variant={kind === 'Checkbox' ? 'filled' : undefined}
      data-label-position="right"
      data-checked={flag(checked)}
    >
      <div className={`m_5f6e695e mantine-${kind}-body`}>
        <div className={`${classes.inner} mantine-${kind}-inner`} data-label-position="right">
          {children}
        </div>
        <div className={`m_d3ea56bb mantine-${kind}-labelWrapper`}>
          <label className={`m_8ee546b8 mantine-${kind}-label`} htmlFor={id}>
            {label}
          </label>
        </div>
      </div>
    </div>
  );
}

type CheckboxOwn = { label: ReactNode; checked?: boolean; error?: ReactNode };

/** Mantine's Checkbox with its label on the right (`error` is taken and not shown: a lone tick box has none). */
export function Checkbox({ label, checked, error: _error, className, style, id, ...rest }: PolyProps<'input', CheckboxOwn>) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <InlineInput kind="Checkbox" classes={{ root: 'm_bf2d988c', inner: 'm_26062bec' }} id={inputId} label={label} checked={checked} className={className} style={style}>
      <input className="mantine-focus-auto m_26063560 mantine-Checkbox-input" id={inputId} type="checkbox" checked={checked} {...rest} />
      <CheckIcon className="m_bf295423 mantine-Checkbox-icon" />
    </InlineInput>
  );
}

const RadioContext = createContext<{ name: string; value: string; onChange: (value: string) => void } | null>(null);

type RadioGroupOwn = { label: ReactNode; value: string; onChange: (value: string) => void };

/** Mantine's Radio.Group: its label, and the Radios among its children as one choice. */
export function RadioGroup({ label, value, onChange, className, style, children }: PolyProps<'div', RadioGroupOwn>) {
  const id = useId();
  const name = useId();
  const group = useMemo(() => ({ name, value, onChange }), [name, value, onChange]);
  return (
    <div style={style} className={cx('m_46b77525 mantine-InputWrapper-root mantine-RadioGroup-root', className)}>
      <div className="m_8fdc1311 mantine-InputWrapper-label mantine-RadioGroup-label" id={`${id}-label`}>
        {label}
      </div>
      <div role="radiogroup" aria-labelledby={`${id}-label`}>
        <RadioContext.Provider value={group}>{children}</RadioContext.Provider>
      </div>
    </div>
  );
}

/** Mantine's Radio, inside a RadioGroup. */
export function Radio({ value, label, className, style, id, ...rest }: PolyProps<'input', { value: string; label: ReactNode }>) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const group = useContext(RadioContext);
  const checked = group?.value === value;
  return (
    <InlineInput kind="Radio" classes={{ root: 'm_f3f1af94', inner: 'm_89c4f5e4' }} id={inputId} label={label} checked={checked} className={className} style={style}>
      <input className="mantine-focus-auto m_8a3dbb89 mantine-Radio-radio" id={inputId} type="radio" name={group?.name} checked={checked} value={value} onChange={() => group?.onChange(value)} {...rest} />
      <svg xmlns="http://www.w3.org/2000/svg" fill="none" viewBox="0 0 5 5" aria-hidden="true" className="m_f3ed6b2b mantine-Radio-icon">
        <circle cx="2.5" cy="2.5" r="2.5" fill="currentColor" />
      </svg>
    </InlineInput>
  );
}
