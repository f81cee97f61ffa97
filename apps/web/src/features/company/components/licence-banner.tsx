import { Alert, Button, Container, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCertificate } from '@tabler/icons-react';
import { COMPANY_MESSAGES } from '@portal/contract/plain';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n';
import { Link, useLocation } from 'react-router';
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
    <Container size="xl" pt="md">
      <Alert
        color={isExpired ? 'red' : 'yellow'}
        variant="light"
        icon={isExpired ? <IconAlertTriangle size={20} /> : <IconCertificate size={20} />}
        data-testid="licence-banner"
        data-kind={data.licence.state}
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" maw={760}>
            {isExpired
              ? translateMessage(COMPANY_MESSAGES.licenceExpired)
              : t('company.licence.expiring', {
                  count: data.licence.daysLeft,
                  date: formatDate(data.licence.expiry, language),
                })}
          </Text>
          {!isOnSettings && (
            <Button component={Link} to={paths.myAgencies.getHref()} size="xs" color={isExpired ? 'red' : 'yellow.8'}>
              {t('company.licence.renew')}
            </Button>
          )}
        </Group>
      </Alert>
    </Container>
  );
}
