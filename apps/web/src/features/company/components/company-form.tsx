import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@portal/contract/plain';
import type { AgencyDetails } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { translateMessage } from '@/lib/i18n';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useUpdateAgency } from '../api/update-agency';
import { useUnsavedChangesWarning } from '@/lib/use-unsaved-changes';
import { StickySaveBar } from '@/components/sticky-save-bar';
import { ErrorAlert } from '@/components/error-alert';
import { bodyOf, formValuesOf, validateCompanyForm, type CompanyFormValues } from '../utils/form-values';
import { BankSection, BasicInfoSection, ContactsSection, ContractingSection } from './company-sections';

function focusFirstInvalid() {
  window.requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

// SPEC §2 company settings, §5 company form: the four sections; admins edit and save them, every other role reads them.
// Documents upload on their own, at once; the fields go with "Save changes".
export function CompanyForm({ details }: { details: AgencyDetails }) {
  const { t } = useTranslation();
  const update = useUpdateAgency();
  const editable = details.canEdit;
  const form = useForm<CompanyFormValues>({ initialValues: formValuesOf(details), validate: validateCompanyForm });
  const isDirty = editable && form.isDirty();
  useUnsavedChangesWarning(isDirty, t('company.form.leaveWarning'));

  const hasErrors = Object.keys(form.errors).length > 0;

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(bodyOf(values), {
      onSuccess: (saved) => {
        const next = formValuesOf(saved);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        notify.success(t('company.form.saved'));
      },
      onError: (error) => {
        if (!isApiError(error) || error.status !== 422) return;
        applyServerErrors(form, error);
        focusFirstInvalid();
      },
    });
  }, focusFirstInvalid);

  const sections = { form, details, editable };
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="company-form">
      <Stack gap="lg">
        {hasErrors && (
          <ErrorAlert testId="company-form-errors" isAnnounced>
            {translateMessage(MESSAGES.companyForm)}
          </ErrorAlert>
        )}
        <BasicInfoSection {...sections} />
        <BankSection {...sections} />
        <ContractingSection {...sections} />
        <ContactsSection {...sections} />
        {editable && (
          <StickySaveBar
            isDirty={isDirty}
            isSaving={update.isPending}
            onDiscard={() => form.reset()}
            discardLabel={t('company.form.discard')}
            saveLabel={t('company.form.save')}
            saveTestId="company-save"
          />
        )}
      </Stack>
    </form>
  );
}
