import type { FormEventHandler, ReactNode } from 'react';
import { Button, Paper, SimpleGrid, Stack } from '@mantine/core';
import { ResultModal, type TResult } from './result-modal.tsx';

/** The frame of a plain guest form: a card with the fields in two columns, what follows them, the submit button and the result popup. */
export function RequestFormCard(props: {
  form: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  fields: ReactNode;
  children?: ReactNode;
  submitLabel: string;
  sending: boolean;
  result: TResult | null;
  onCloseResult: () => void;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={props.onSubmit} noValidate data-form={props.form}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {props.fields}
          </SimpleGrid>
          {props.children}
          <Button type="submit" loading={props.sending} disabled={props.sending} size="md" style={{ alignSelf: 'flex-start' }}>
            {props.submitLabel}
          </Button>
        </Stack>
      </form>
      <ResultModal result={props.result} onClose={props.onCloseResult} />
    </Paper>
  );
}
