import { useEffect } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../app/i18n.ts';
import { MAX_MONEY_CENTS, MAX_OPTIONS_PER_GROUP, ZOptionGroupInput, type TOptionGroup, type TOptionGroupInput } from '@tavolo/contracts/ordering';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { fieldErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { BoundedNumberInput } from '../../../components/ui/bounded-number-input.tsx';
import { useSaveOptionGroup } from '../api/option-groups-api.ts';
import { toCents } from './product-form-drawer.tsx';
import { useDiscardGuard } from '../../../components/ui/use-discard-guard.ts';

interface OptionRow {
  /** React key; the server's id for an existing option. */
  key: string;
  id?: string;
  name: string;
  price: number | string;
  is_active: boolean;
}

interface Values {
  name: string;
  required: boolean;
  min: number | string;
  max: number | string;
  options: OptionRow[];
}

let rowCounter = 0;
const newRow = (): OptionRow => ({ key: `new-${++rowCounter}`, name: '', price: 0, is_active: true });

const valuesOf = (group: TOptionGroup | null): Values => ({
  name: group?.name ?? '',
  required: (group?.min_select ?? 0) > 0,
  min: Math.max(1, group?.min_select ?? 1),
  max: group?.max_select ?? 1,
  // A new group starts with one empty row: a one-option group ("Extra cheese") needs nothing deleted first.
  options: group ? group.options.map((o) => ({ key: o.id, id: o.id, name: o.name, price: o.price_delta_cents / 100, is_active: o.is_active })) : [newRow()],
});

const toInput = (v: Values) =>
  ({
    name: v.name,
    min_select: v.required ? Number(v.min || 1) : 0,
    max_select: v.max === '' ? undefined : Number(v.max),
    options: v.options.map((o) => ({ ...(o.id ? { id: o.id } : {}), name: o.name, price_delta_cents: toCents(o.price) ?? 0, is_active: o.is_active })),
  }) as TOptionGroupInput;

/** Contract field names -> form field names. */
const toFormErrors = (errors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field.replace('min_select', 'min').replace('max_select', 'max').replace(/price_delta_cents$/, 'price'), message]),
  );

const validateInput = zodValidate(ZOptionGroupInput);

/** Create or edit a shared option group ("Size": required, pick 1; "Extras": optional, up to 3) with its option rows. */
export function OptionGroupFormModal({ opened, group, onClose }: { opened: boolean; group: TOptionGroup | null; onClose: () => void }) {
  const { t } = useTranslation('menu');
  const save = useSaveOptionGroup();
  const withNotification = useSaveNotification();
  // On a phone the dialog takes the whole screen, like the coupon and booking dialogs, so Save stays reachable.
  const phone = useMediaQuery('(max-width: 36em)');
  const form = useForm<Values>({ initialValues: valuesOf(group), validate: (v) => toFormErrors(validateInput(toInput(v))) });

  useEffect(() => {
    if (!opened) return;
    const values = valuesOf(group);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // Reset only when the modal opens for a (new) group.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, group?.id]);

  const submit = form.onSubmit(async (values) => {
    try {
      await withNotification(() => save.mutateAsync({ id: group?.id, input: toInput(values) }));
      onClose();
    } catch (error) {
      form.setErrors(toFormErrors(fieldErrors(error)));
    }
  });

  const guardedClose = useDiscardGuard(() => form.isDirty(), onClose);
  return (
    <Modal opened={opened} onClose={guardedClose} title={group ? t('options.edit_title') : t('options.add_title')} size="lg" centered fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('fields.name')} placeholder={t('options.name_placeholder')} required data-autofocus maxLength={80} {...form.getInputProps('name')} />
          <Switch label={t('options.required')} description={t('options.required_hint')} {...form.getInputProps('required', { type: 'checkbox' })} />
          <Group grow align="flex-start">
            {form.values.required && <BoundedNumberInput label={t('options.at_least')} min={1} max={MAX_OPTIONS_PER_GROUP} allowDecimal={false} {...form.getInputProps('min')} />}
            <BoundedNumberInput label={t('options.up_to')} description={t('options.up_to_hint')} min={1} max={MAX_OPTIONS_PER_GROUP} allowDecimal={false} {...form.getInputProps('max')} />
          </Group>

          <Text fw={600} size="sm">
            {t('options.options')}
          </Text>
          {typeof form.errors.options === 'string' && (
            <Text c="red" size="sm" role="alert">
              {form.errors.options}
            </Text>
          )}
          <Stack gap="xs">
            {form.values.options.map((row, index) => (
              // One line per option, also on a phone: the name gives way, the switch and the bin stay on the row.
              <Group key={row.key} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  aria-label={t('options.option_name', { number: index + 1 })}
                  placeholder={t('options.option_name_placeholder')}
                  maxLength={80}
                  style={{ flex: '1 1 0', minWidth: 0 }}
                  {...form.getInputProps(`options.${index}.name`)}
                />
                <BoundedNumberInput
                  aria-label={t('options.price_change', { number: index + 1 })}
                  prefix={Number(row.price) > 0 ? '+' : undefined}
                  // A surcharge or a reduction (a smaller size): negative is fine.
                  min={-MAX_MONEY_CENTS / 100}
                  max={MAX_MONEY_CENTS / 100}
                  decimalScale={2}
                  fixedDecimalScale
                  step={0.5}
                  decimalSeparator={t('decimal_separator')}
                  thousandSeparator={false}
                  style={{ flex: '0 0 112px' }}
                  {...form.getInputProps(`options.${index}.price`)}
                />
                <Group gap="xs" wrap="nowrap" mt={6}>
                  <Switch aria-label={t('options.option_active', { number: index + 1 })} {...form.getInputProps(`options.${index}.is_active`, { type: 'checkbox' })} />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => form.removeListItem('options', index)}
                    disabled={form.values.options.length <= 1}
                    aria-label={t('options.remove_option', { number: index + 1 })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('options', newRow())}
            disabled={form.values.options.length >= MAX_OPTIONS_PER_GROUP}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('options.add_option')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('options.rows_hint')}
          </Text>
          <FormActions cancelLabel={t('cancel')} submitLabel={t('save')} onCancel={onClose} pending={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
