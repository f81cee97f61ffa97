import { IconCertificate } from '@tabler/icons-react';
import { COMPANY_MESSAGES } from '@portal/contract/plain';
import { useTranslation } from '@/lib/i18n';
import { translateMessage } from '@/lib/i18n';
import { useLocation } from 'react-router';
import { HeaderBanner } from '@/components/header-banner';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useAgencyDetails } from '../api/get-agency';

// Under the header, for admins (root-layout.tsx), beside the money banner: the trade licence expires within 30 days
// (days left), or has expired (new bookings are refused until the renewed one is saved) — with the way to renew it
export function LicenceBanner() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const { pathname } = useLocation();
  const { data } = useAgencyDetails();
  if (!data || data.licence.state === 'valid') return null;
  const isExpired = data.licence.state === 'expired';
  const isOnSettings = pathname === paths.myAgencies.path;
  return (
    <HeaderBanner
      isUrgent={isExpired}
      icon={<IconCertificate size={20} />}
      testId="licence-banner"
      kind={data.licence.state}
      action={isOnSettings ? null : { to: paths.myAgencies.getHref(), label: t('company.licence.renew') }}
    >
      {isExpired
        ? translateMessage(COMPANY_MESSAGES.licenceExpired)
        : t('company.licence.expiring', {
            count: data.licence.daysLeft,
            date: formatDate(data.licence.expiry, language),
          })}
    </HeaderBanner>
  );
}
