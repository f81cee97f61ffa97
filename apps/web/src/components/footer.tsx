import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { LayoutInfo } from '@portal/contract';
import { IconBrandWhatsapp, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SiteLogo } from './site-logo';
import { whatsAppHref } from './whatsapp-button';

const CURRENT_YEAR = new Date().getFullYear();

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function ContactRow({ icon: RowIcon, label, children }: { icon: Icon; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size={32} radius="md" aria-hidden>
        <RowIcon size={18} />
      </ThemeIcon>
      <Box miw={0}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
          {label}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </Box>
    </Group>
  );
}

// SPEC §2: footer content; rendered only once the layout info has loaded.
export function Footer({ info }: { info: LayoutInfo }) {
  const { t } = useTranslation();
  const { legal, hostData, contactInfo } = info;

  return (
    <Box component="footer" bg="gray.0" mt="auto" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="xl" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing={{ base: 32, md: 48 }}>
          <Stack gap="sm">
            <SiteLogo height={40} />
            <Text fw={600}>{legal.legalName}</Text>
            <Text size="sm" c="dimmed">
              {t('footer.vatNumber')}: {legal.vatRegistrationNumber}
            </Text>
            <Text size="sm" c="dimmed">
              {t('footer.tradeLicenceNumber')}: {legal.tradeLicenceNumber}
            </Text>
            <Group gap="md" mt="xs">
              <Anchor component={Link} to={paths.privacyPolicy.getHref()} size="sm">
                {t('footer.privacyPolicy')}
              </Anchor>
              <Anchor component={Link} to={paths.termsOfUse.getHref()} size="sm">
                {t('footer.termsOfUse')}
              </Anchor>
            </Group>
          </Stack>

          <Stack gap="sm">
            <Title order={2} size="h4">
              {hostData.about}
            </Title>
            {hostData.aboutDescriptions.map((description) => (
              <Text key={description} size="sm" c="dimmed">
                {description}
              </Text>
            ))}
          </Stack>

          <Stack gap="md">
            <Title order={2} size="h4">
              {t('footer.contacts')}
            </Title>
            {hostData.email && (
              <ContactRow icon={IconMail} label={t('footer.email')}>
                <Anchor href={`mailto:${hostData.email}`}>{hostData.email}</Anchor>
              </ContactRow>
            )}
            {contactInfo.phone && (
              <ContactRow icon={IconPhone} label={t('footer.phone')}>
                <Anchor href={telHref(contactInfo.phone)}>{contactInfo.phone}</Anchor>
              </ContactRow>
            )}
            {contactInfo.whatsApp && (
              <ContactRow icon={IconBrandWhatsapp} label={t('footer.whatsApp')}>
                <Anchor href={whatsAppHref(contactInfo.whatsApp)} target="_blank" rel="noopener noreferrer">
                  {contactInfo.whatsApp}
                </Anchor>
              </ContactRow>
            )}
            {hostData.address && (
              <ContactRow icon={IconMapPin} label={t('footer.address')}>
                {hostData.address}
              </ContactRow>
            )}
          </Stack>
        </SimpleGrid>
        <Divider my="xl" />
        <Text size="xs" c="dimmed" ta="center">
          {t('footer.copyright', { name: legal.legalName, year: CURRENT_YEAR })}
        </Text>
      </Container>
    </Box>
  );
}
