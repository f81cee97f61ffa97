import { AgencyDetailsBody, CONTACT_BLOCKS } from '@portal/contract';
import type { AgencyDetails, ContactBlockKey } from '@portal/contract';
import { i18n, translateMessage } from '@/lib/i18n';

type Contact = { name: string; email: string; phone: string };

// The company form as the inputs hold it: text everywhere, '' for an empty date
export type CompanyFormValues = {
  companyName: string;
  trnNumber: string;
  tradeLicenseNumber: string;
  tradeLicenseExpiry: string;
  address: string;
  country: string;
  city: string;
  bank: { name: string; accountNumber: string; iban: string; swift: string; notes: string };
  contracting: { signatoryName: string; validFrom: string; validTo: string };
  contacts: Record<ContactBlockKey, Contact>;
};

export function formValuesOf(details: AgencyDetails): CompanyFormValues {
  const contacts = Object.fromEntries(CONTACT_BLOCKS.map((block) => [block, { ...details.contacts[block] }])) as Record<
    ContactBlockKey,
    Contact
  >;
  return {
    companyName: details.companyName,
    trnNumber: details.trnNumber,
    tradeLicenseNumber: details.tradeLicenseNumber,
    tradeLicenseExpiry: details.tradeLicenseExpiry,
    address: details.address,
    country: details.country,
    city: details.city,
    bank: { ...details.bank },
    contracting: {
      signatoryName: details.contracting.signatoryName,
      validFrom: details.contracting.validFrom ?? '',
      validTo: details.contracting.validTo ?? '',
    },
    contacts,
  };
}

export function bodyOf(values: CompanyFormValues): AgencyDetailsBody {
  return {
    ...values,
    contracting: {
      signatoryName: values.contracting.signatoryName,
      validFrom: values.contracting.validFrom || null,
      validTo: values.contracting.validTo || null,
    },
  };
}

// The server's own schema (IBAN checksum, UAE TRN, SWIFT, contract dates, e-mails) run as the admin saves
export function validateCompanyForm(values: CompanyFormValues): Record<string, string> {
  const result = AgencyDetailsBody.safeParse(bodyOf(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (path in errors) continue;
    errors[path] =
      issue.code === 'too_big' && typeof issue.maximum === 'number'
        ? i18n.t('messages.tooLong', { max: issue.maximum })
        : translateMessage(issue.message);
  }
  return errors;
}
