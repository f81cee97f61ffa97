import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

type SectionKey = 'embedded' | 'embeddedCheckout';

function Section({ section }: { section: SectionKey }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(`sections.${section}.title`)} description={t(`sections.${section}.description`)} />;
}

export const EmbeddedRoute = () => <Section section="embedded" />;
export const EmbeddedCheckoutRoute = () => <Section section="embeddedCheckout" />;
