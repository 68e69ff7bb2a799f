import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'leftSection' | 'rightSection' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the clear button, shown while there is text. */
  clearLabel: string;
};

/** The search field of a list: magnifier, a clear button once something is typed, 100 characters at most. */
export function SearchInput({ value, onChange, clearLabel, ...props }: Props) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={value ? <CloseButton size="sm" aria-label={clearLabel} onClick={() => onChange('')} /> : null}
      maxLength={100}
      type="search"
      {...props}
    />
  );
}
