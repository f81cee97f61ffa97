import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { DestinationSearch } from '@/components/destination-search';
import { TopDestinations } from '@/components/top-destinations';
import { useLayoutInfo } from '@/lib/layout-info';
import { Benefits } from './benefits';
import { LoginCard } from './login-card';
import classes from './home.module.css';

export function PublicHome() {
  const { t } = useTranslation();
  const { data } = useLayoutInfo();
  const site = data?.site;
  const hasSearch = site?.features.search === true;
  const hasDestinations = site?.features.topDestinations === true;

  return (
    <>
      <Box className={classes.hero} py={{ base: 40, md: 80 }}>
        <Container
          size="xl"
          className={hasSearch || hasDestinations ? classes.heroGrid : `${classes.heroGrid} ${classes.withoutSearch}`}
          data-testid="home-hero"
        >
          <Stack gap="lg" className={classes.intro} pt={{ md: 'md' }} data-testid="home-intro">
            <Text fw={700} size="sm" tt="uppercase" lts={1} c="brand.1">
              {t('home.eyebrow')}
            </Text>
            <Title order={1} fz={{ base: 32, sm: 42, md: 48 }} lh={1.1}>
              {t('home.title')}
            </Title>
            <Text size="xl" c="brand.0" className={classes.sentence} maw={620}>
              {t('home.description')}
            </Text>
          </Stack>
          <div className={classes.login} data-testid="home-login">
            <LoginCard />
          </div>
          {(hasSearch || hasDestinations) && (
            <Stack gap="lg" className={classes.search}>
              {hasSearch && <DestinationSearch />}
              {hasDestinations && site && <TopDestinations destinations={site.topDestinations} tone="onBrand" />}
            </Stack>
          )}
        </Container>
      </Box>
      <Benefits />
    </>
  );
}
