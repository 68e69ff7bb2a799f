import { ZAppearance, type TAppearance } from '@tavolo/contracts/appearance';
import { useSaveNotification } from '../../../components/ui/use-save-notification.ts';
import { serverErrors, zodValidate, useForm } from '../../../lib/forms.ts';
import { useSaveAppearance } from '../api/appearance-api.ts';

const validate = zodValidate(ZAppearance);

/**
 * A form over the part of the looks one page edits. A save sends those fields on top of the latest saved looks,
 * so the three pages (and the banner upload, which saves at once) never overwrite each other's choices.
 */
export function useLooksForm<K extends keyof TAppearance>(saved: TAppearance, fields: readonly K[]) {
  const save = useSaveAppearance();
  const notify = useSaveNotification();
  const pick = (looks: TAppearance) => Object.fromEntries(fields.map((f) => [f, looks[f]])) as Pick<TAppearance, K>;
  const form = useForm<Pick<TAppearance, K>>({
    mode: 'controlled',
    initialValues: pick(saved),
    validate: (values) => validate({ ...saved, ...values }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const result = await notify(() => save.mutateAsync({ ...saved, ...values }));
      form.setInitialValues(pick(result.data));
      form.setValues(pick(result.data));
    } catch (error) {
      serverErrors(form, error);
    }
  });

  return { form, submit, saving: save.isPending };
}
