import type { ReactNode } from 'react';
import { Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import { parseTypedDate } from '@portal/contract';
import { AppDatesProvider, DISPLAY_DATE_FORMAT } from '@/components/dates-provider';
import { requiredField } from '@/components/required-field';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useTranslation } from '@/lib/i18n';
import type { CompanyFormValues } from '../utils/form-values';

export type CompanyForm = UseFormReturnType<CompanyFormValues>;

type FieldProps = {
  form: CompanyForm;
  path: string;
  // company.fields.<path> unless given
  label?: string;
  editable: boolean;
  isRequired?: boolean;
  description?: ReactNode;
};

function useFieldLabel(path: string, label: string | undefined): string {
  const { t } = useTranslation();
  return label ?? t(`company.fields.${path}`);
}

function textAt(form: CompanyForm, path: string): string {
  const value: unknown = form.getInputProps(path).value;
  return typeof value === 'string' ? value : '';
}

// What another role sees instead of an input: the label and the value as text (SPEC §6: admins edit, others read)
export function ReadOnlyValue({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{value || '—'}</Text>
    </Stack>
  );
}

export function CompanyTextField({
  form,
  path,
  label: givenLabel,
  editable,
  isRequired = false,
  description,
  isMultiline = false,
  ...inputProps
}: FieldProps & { isMultiline?: boolean } & Pick<
    TextInputProps,
    'autoComplete' | 'inputMode' | 'placeholder' | 'type' | 'maxLength'
  >) {
  const label = useFieldLabel(path, givenLabel);
  if (!editable) return <ReadOnlyValue label={label} value={textAt(form, path)} testId={`value-${path}`} />;
  const common = {
    label,
    description,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
    ...(isRequired ? requiredField : {}),
    ...form.getInputProps(path),
  };
  if (isMultiline)
    return <Textarea autosize minRows={2} maxRows={6} maxLength={inputProps.maxLength} size="md" {...common} />;
  return <TextInput size="md" {...inputProps} {...common} />;
}

// A date of the form, picked in the UI language and shown 'dd MMM, yy' like every date of the portal
export function CompanyDateField(props: FieldProps) {
  const { form, path, editable, isRequired = false, description } = props;
  const { language } = useLocale();
  const label = useFieldLabel(path, props.label);
  const value = textAt(form, path);
  if (!editable)
    return (
      <ReadOnlyValue
        label={label}
        value={
          <>
            {value ? formatDate(value, language) : '—'}
            {description && (
              <Text span size="sm" c="dimmed" display="block">
                {description}
              </Text>
            )}
          </>
        }
        testId={`value-${path}`}
      />
    );
  const inputProps = form.getInputProps(path);
  return (
    <AppDatesProvider language={language}>
      <DateInput
        {...inputProps}
        {...(isRequired ? requiredField : {})}
        label={label}
        description={description}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        size="md"
        valueFormat={DISPLAY_DATE_FORMAT}
        dateParser={parseTypedDate}
        leftSection={<IconCalendar size={18} />}
        clearable={!isRequired}
        popoverProps={{ position: 'bottom-start', shadow: 'md' }}
        value={value || null}
        onChange={(next) => form.setFieldValue(path, next ?? '')}
      />
    </AppDatesProvider>
  );
}
