import { Box, Container, Paper, Stack, Text, ThemeIcon, Title, Group } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLayoutInfo } from '@/lib/layout-info';
import type { SessionUser } from '@/lib/session';
import { DestinationSearch } from './destination-search';
import { TopDestinations } from './top-destinations';
import classes from './home.module.css';

export function AgentHome({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { data } = useLayoutInfo();
  const site = data?.site;

  return (
    <>
      <Box className={classes.hero} py={{ base: 32, md: 56 }}>
        <Container size="xl">
          <Stack gap="lg" maw={820}>
            <div>
              <Title order={1} fz={{ base: 28, sm: 36 }}>
                {t('home.welcome', { name: user.name })}
              </Title>
              <Text size="lg" c="brand.0" mt="xs">
                {t('home.welcomeText')}
              </Text>
            </div>
            {site?.features.search && <DestinationSearch />}
            {site?.features.topDestinations && <TopDestinations destinations={site.topDestinations} tone="onBrand" />}
          </Stack>
        </Container>
      </Box>
      <Container size="xl" py={{ base: 'xl', md: 48 }}>
        <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
          <Group gap="lg" wrap="nowrap" align="flex-start">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconHourglass size={26} />
            </ThemeIcon>
            <div>
              <Title order={2} size="h3">
                {t('home.catalogue.title')}
              </Title>
              <Text c="dimmed" mt={6}>
                {t('home.catalogue.text')}
              </Text>
            </div>
          </Group>
        </Paper>
      </Container>
    </>
  );
}
