import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { requiredField } from '@/components/required-field';

type ReasonDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  label: string;
  hint: string;
  submitLabel: string;
  maxLength: number;
  // refused here when empty; otherwise the server says what it needs
  isRequiredHere: boolean;
  isPending: boolean;
  // sends the reason; `showError` puts the server's refusal under the field
  onSubmit: (reason: string, showError: (message: string | null) => void) => void;
  testId?: string;
};

function ReasonForm({
  onClose,
  label,
  hint,
  submitLabel,
  maxLength,
  isRequiredHere,
  isPending,
  onSubmit,
  testId,
}: Omit<ReasonDialogProps, 'opened' | 'title'>) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (isRequiredHere && !reason.trim()) setError(t('messages.required'));
    else onSubmit(reason, setError);
  };
  return (
    <Stack gap="sm" data-testid={testId}>
      <Textarea
        label={label}
        description={hint}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        autosize
        minRows={3}
        maxLength={maxLength}
        data-autofocus
        {...requiredField}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={isPending}>
          {t('backOffice.cancel')}
        </Button>
        <Button color="red" loading={isPending} onClick={submit}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

// A refusal the agency reads (a sign-up rejected, an agency suspended, a transfer rejected, a request declined): the
// reason asked in a dialog, a fresh one each time it opens
export function ReasonDialog({ opened, title, ...form }: ReasonDialogProps) {
  return (
    <Modal opened={opened} onClose={() => !form.isPending && form.onClose()} title={title} centered>
      <ReasonForm {...form} />
    </Modal>
  );
}
