import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { DestinationSearch } from '@/components/destination-search';
import { TopDestinations } from '@/components/top-destinations';
import { paths } from '@/config/paths';
import { useLayoutInfo } from '@/lib/layout-info';
import type { SessionUser } from '@/lib/session';
import { useHomepage } from '../api/get-homepage';
import { usePromoTours } from '../api/get-promo-tours';
import { useAgentFromPrices } from '../api/get-tours';
import { CategoryChips } from './category-chips';
import { PlaceCards, cityPlace } from './place-cards';
import { PromoStrip } from './promo-strip';
import { SectionHeader } from './section-header';
import { TourGrid } from './tour-grid';
import { TourGridSkeleton } from './tour-grid-skeleton';
import classes from './catalogue.module.css';

// SPEC §2 Home: promo, top tours, city and category search; white-label sites have no search and no top destinations
export function AgentHome({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { data: layout } = useLayoutInfo();
  const features = layout?.site.features;
  const homepage = useHomepage();
  const promo = usePromoTours();
  const agentPrices = useAgentFromPrices();
  const country = homepage.data?.countries[0];
  const allToursHref = country ? paths.country.getHref(country.url) : null;

  return (
    <>
      <Box className={classes.brandHero} py={{ base: 32, md: 56 }}>
        <Container size="xl">
          <Stack gap="lg" maw={860}>
            <div>
              <Title order={1} fz={{ base: 28, sm: 36 }}>
                {t('home.welcome', { name: user.name })}
              </Title>
              <Text size="lg" c="brand.0" mt="xs">
                {t('home.welcomeText')}
              </Text>
            </div>
            {features?.search && <DestinationSearch />}
            {features?.search && homepage.data && <CategoryChips categories={homepage.data.categories} />}
            {features?.topDestinations && layout && (
              <TopDestinations destinations={layout.site.topDestinations} tone="onBrand" />
            )}
          </Stack>
        </Container>
      </Box>

      <Container size="xl" py={{ base: 'xl', md: 48 }}>
        <Stack gap={48}>
          <section aria-labelledby="promo-title">
            <PromoStrip
              id="promo-title"
              title={t('catalogue.home.promo')}
              subtitle={t('catalogue.home.promoText')}
              tours={promo.data?.tours}
              currency={promo.data?.currencyCode ?? 'aed'}
              fallback={<TourGridSkeleton />}
            />
          </section>

          <section aria-labelledby="top-tours-title">
            <SectionHeader
              id="top-tours-title"
              title={t('catalogue.home.topTours')}
              subtitle={t('catalogue.home.topToursText')}
              link={allToursHref ? { to: allToursHref, label: t('catalogue.home.allTours') } : undefined}
            />
            {homepage.data ? (
              <div className={classes.mobileCap}>
                <TourGrid
                  tours={homepage.data.topTours}
                  currency={homepage.data.currencyCode}
                  agentPrices={agentPrices}
                  emptyText={t('catalogue.empty')}
                />
              </div>
            ) : (
              <TourGridSkeleton count={8} />
            )}
            {allToursHref && (
              <Button component={Link} to={allToursHref} variant="light" fullWidth mt="lg" hiddenFrom="sm">
                {t('catalogue.home.allTours')}
              </Button>
            )}
          </section>

          {features?.topDestinations && homepage.data && homepage.data.cities.length > 0 && (
            <section aria-labelledby="destinations-title">
              <SectionHeader id="destinations-title" title={t('catalogue.home.destinations')} />
              <PlaceCards places={homepage.data.cities.map(cityPlace)} />
            </section>
          )}
        </Stack>
      </Container>
    </>
  );
}
