import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '@/lib/i18n';
import { useLayoutInfo } from '@/lib/layout-info';

export function usePageTitle(title?: string): string {
  const { t } = useTranslation();
  const { data } = useLayoutInfo();
  const siteName = data?.site.name ?? t('common.appName');
  return title ? `${title} · ${siteName}` : siteName;
}

export function useDocumentPageTitle(title?: string) {
  useDocumentTitle(usePageTitle(title));
}
