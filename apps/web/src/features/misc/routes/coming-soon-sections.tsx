import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { useSessionUser } from '@/lib/session';

type SectionKey =
  | 'embedded'
  | 'embeddedCheckout'
  | 'myCommissions'
  | 'myAgencies'
  | 'widgets'
  | 'widgetsCreate'
  | 'agents';

function Section({ section }: { section: SectionKey }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(`sections.${section}.title`)} description={t(`sections.${section}.description`)} />;
}

export const EmbeddedRoute = () => <Section section="embedded" />;
export const EmbeddedCheckoutRoute = () => <Section section="embeddedCheckout" />;
export const MyCommissionsRoute = () => <Section section="myCommissions" />;
export const MyAgenciesRoute = () => <Section section="myAgencies" />;
export const WidgetsRoute = () => <Section section="widgets" />;
export const WidgetsCreateRoute = () => <Section section="widgetsCreate" />;
export const AgentsRoute = () => <Section section="agents" />;

export function BalanceRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'transactions' ? 'transactions' : 'statement';
  return <ComingSoon title={t(`sections.balance.${tab}`)} description={t('sections.balance.description')} />;
}

// SPEC §6: when credit card top-up is disabled the user is told to contact an operator.
export function TopUpRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <ComingSoon title={t('sections.topUp.title')} description={t('sections.topUp.description')}>
      {user?.isCreditCardTopupAllowed === 0 && (
        <Alert color="yellow" icon={<IconInfoCircle size={20} />} ta="left" maw={520}>
          {t('sections.topUp.cardDisabled')}
        </Alert>
      )}
    </ComingSoon>
  );
}
