import { SimpleGrid, Stack, Title } from '@mantine/core';
import { CONTACT_BLOCKS } from '@portal/contract';
import type { AgencyDetails } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { CompanyDateField, CompanyTextField, type CompanyForm } from './company-fields';
import { DocumentField } from './document-field';
import { FormSection } from '@/components/form-section';

type SectionProps = { form: CompanyForm; details: AgencyDetails; editable: boolean };

const GRID = { cols: { base: 1, sm: 2 }, spacing: 'md', verticalSpacing: 'md' } as const;

// The saved licence's state under its expiry date (the banner tells admins on every page)
function useLicenceNote(details: AgencyDetails): string | undefined {
  const { t } = useTranslation();
  const { state, daysLeft } = details.licence;
  if (state === 'expired') return t('company.licence.expiredShort');
  if (state === 'expiring') return t('company.licence.expiresIn', { count: daysLeft });
  return undefined;
}

export function BasicInfoSection({ form, details, editable }: SectionProps) {
  const { t } = useTranslation();
  const licenceNote = useLicenceNote(details);
  const field = { form, editable };
  return (
    <FormSection title={t('company.sections.basic')} testId="company-basic">
      <SimpleGrid {...GRID}>
        <CompanyTextField {...field} path="companyName" isRequired autoComplete="organization" />
        <CompanyTextField
          {...field}
          path="trnNumber"
          description={editable ? t('company.hints.trn') : undefined}
          inputMode="numeric"
        />
        <CompanyTextField {...field} path="tradeLicenseNumber" isRequired />
        <CompanyDateField {...field} path="tradeLicenseExpiry" isRequired description={licenceNote} />
        <CompanyTextField {...field} path="country" isRequired autoComplete="country-name" />
        <CompanyTextField {...field} path="city" isRequired autoComplete="address-level2" />
      </SimpleGrid>
      <CompanyTextField {...field} path="address" isRequired autoComplete="street-address" />
      <SimpleGrid {...GRID}>
        <DocumentField kind="tradeLicense" files={details.files} editable={editable} />
        <DocumentField kind="vatCertificate" files={details.files} editable={editable} />
      </SimpleGrid>
    </FormSection>
  );
}

export function BankSection({ form, editable }: SectionProps) {
  const { t } = useTranslation();
  const field = { form, editable };
  return (
    <FormSection title={t('company.sections.bank')} testId="company-bank">
      <SimpleGrid {...GRID}>
        <CompanyTextField {...field} path="bank.name" maxLength={120} />
        <CompanyTextField {...field} path="bank.accountNumber" maxLength={40} />
        <CompanyTextField
          {...field}
          path="bank.iban"
          placeholder={editable ? 'AE07 0331 2345 6789 0123 456' : undefined}
          maxLength={42}
        />
        <CompanyTextField {...field} path="bank.swift" placeholder={editable ? 'EBILAEAD' : undefined} maxLength={11} />
      </SimpleGrid>
      <CompanyTextField {...field} path="bank.notes" isMultiline maxLength={1000} />
    </FormSection>
  );
}

export function ContractingSection({ form, details, editable }: SectionProps) {
  const { t } = useTranslation();
  const field = { form, editable };
  return (
    <FormSection title={t('company.sections.contracting')} testId="company-contracting">
      <CompanyTextField {...field} path="contracting.signatoryName" maxLength={100} />
      <SimpleGrid {...GRID}>
        <CompanyDateField {...field} path="contracting.validFrom" />
        <CompanyDateField {...field} path="contracting.validTo" />
        <DocumentField kind="contract" files={details.files} editable={editable} />
        <DocumentField kind="signatoryPassport" files={details.files} editable={editable} />
      </SimpleGrid>
    </FormSection>
  );
}

export function ContactsSection({ form, editable }: SectionProps) {
  const { t } = useTranslation();
  const field = { form, editable };
  return (
    <FormSection
      title={t('company.sections.contacts')}
      description={t('company.hints.contacts')}
      testId="company-contacts"
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl" verticalSpacing="lg">
        {CONTACT_BLOCKS.map((block) => (
          <Stack key={block} gap="sm" data-testid={`contacts-${block}`}>
            <Title order={3} size="h5">
              {t(`company.contacts.${block}`)}
            </Title>
            <CompanyTextField
              {...field}
              path={`contacts.${block}.name`}
              label={t('company.fields.contact.name')}
              maxLength={100}
            />
            <CompanyTextField
              {...field}
              path={`contacts.${block}.email`}
              label={t('company.fields.contact.email')}
              type="email"
              maxLength={254}
            />
            <CompanyTextField
              {...field}
              path={`contacts.${block}.phone`}
              label={t('company.fields.contact.phone')}
              type="tel"
              placeholder={editable ? '+971 4 123 4567' : undefined}
            />
          </Stack>
        ))}
      </SimpleGrid>
    </FormSection>
  );
}
