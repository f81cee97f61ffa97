import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { z } from 'zod';
import { useTranslation } from '@/lib/i18n';
import { useDocumentPageTitle } from '@/components/page-title';
import { i18n } from '@/lib/i18n';
import { useLayoutInfo } from '@/lib/layout-info';
import legalEn from '@portal/i18n/locales/en/legal.json';
import legalRu from '@portal/i18n/locales/ru/legal.json';

const NAMESPACE = 'legal';
i18n.addResourceBundle('en', NAMESPACE, legalEn);
i18n.addResourceBundle('ru', NAMESPACE, legalRu);

const LegalSections = z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) }));

type LegalDocumentProps = { document: 'terms' | 'privacy' };

export function LegalDocument({ document }: LegalDocumentProps) {
  const { t } = useTranslation(NAMESPACE);
  const { data } = useLayoutInfo();
  const values = {
    company: data?.legal.legalName ?? t('common.operatorFallback', { ns: 'translation' }),
    site: data?.site.name ?? t('common.appName', { ns: 'translation' }),
    email: data?.hostData.email ?? '',
  };
  const title = t(`${document}.title`);
  const parsed = LegalSections.safeParse(i18n.tree(`${document}.sections`, { ns: NAMESPACE, ...values }));
  const sections = parsed.success ? parsed.data : [];
  useDocumentPageTitle(title);

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Paper withBorder p={{ base: 'lg', sm: 48 }}>
        <Stack gap="lg">
          <div>
            <Title order={1} fz={{ base: 28, sm: 34 }}>
              {title}
            </Title>
            <Text c="dimmed" size="sm" mt={6}>
              {t('updated')}
            </Text>
          </div>
          <Text size="lg">{t(`${document}.intro`, values)}</Text>
          <nav aria-label={t('contents')}>
            <List size="sm" spacing={4} listStyleType="none" ml={0} pl={0}>
              {sections.map((section, index) => (
                <List.Item key={section.heading}>
                  <Anchor href={`#section-${index + 1}`}>{section.heading}</Anchor>
                </List.Item>
              ))}
            </List>
          </nav>
          {sections.map((section, index) => (
            <Stack
              key={section.heading}
              gap="xs"
              component="section"
              id={`section-${index + 1}`}
              style={{ scrollMarginTop: 120 }}
            >
              <Title order={2} size="h3">
                {section.heading}
              </Title>
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph} c="gray.8" lh={1.7}>
                  {paragraph}
                </Text>
              ))}
            </Stack>
          ))}
        </Stack>
      </Paper>
    </Container>
  );
}
