import { Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconCategory, IconMapPin } from '@tabler/icons-react';
import { INSIGHT_TEXT_MAX } from '@portal/contract/plain';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { SectionSpinner } from '@/components/page-spinner';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { clip } from '@/lib/insight';
import { useInsightEvent } from '@/lib/use-insight-event';
import { useHomepage } from '../api/get-homepage';
import { useTours } from '../api/get-tours';
import { searchPlaces, searchTours } from '../utils/search';
import { ListingHero } from './listing-hero';
import { SectionHeader } from './section-header';
import { TourGrid } from './tour-grid';

// The home page's city and category search: matching cities and categories first, then matching tours
export function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const homepage = useHomepage();
  const tours = useTours();
  useDocumentPageTitle(t('catalogue.search.title', { query }));
  const cities = homepage.data ? searchPlaces(homepage.data.cities, query) : [];
  const categories = homepage.data ? searchPlaces(homepage.data.categories, query) : [];
  const found = tours.data ? searchTours(tours.data.tours, query) : null;
  // issue 31: the agent's words (a hundred characters at most), what they named and how many tours answered
  useInsightEvent(
    homepage.data && found
      ? {
          kind: 'search',
          props: {
            query: clip(query, INSIGHT_TEXT_MAX.query),
            ...(cities[0] ? { city: cities[0].url } : {}),
            ...(categories[0] ? { category: categories[0].url } : {}),
            results: found.length,
          },
        }
      : null,
  );

  if (!homepage.data || !tours.data || !found) return <SectionSpinner />;
  const hasPlaces = cities.length + categories.length > 0;

  return (
    <>
      <ListingHero
        title={t('catalogue.search.title', { query })}
        crumbs={[
          { label: t('catalogue.crumbs.home'), to: paths.home.getHref() },
          { label: t('catalogue.search.crumb') },
        ]}
      />
      <Container size="xl" py={{ base: 'xl', md: 48 }}>
        <Stack gap={40}>
          {hasPlaces && (
            <section aria-labelledby="places-title">
              <SectionHeader id="places-title" title={t('catalogue.search.places')} />
              <Group gap="xs">
                {cities.map((city) => (
                  <Button
                    key={`city-${city.id}`}
                    component={Link}
                    to={paths.city.getHref({ country: city.countryUrl, city: city.url })}
                    variant="light"
                    radius="xl"
                    leftSection={<IconMapPin size={16} />}
                  >
                    {city.name}
                  </Button>
                ))}
                {categories.map((category) => (
                  <Button
                    key={`category-${category.id}`}
                    component={Link}
                    to={paths.city.getHref({ category: category.url })}
                    variant="light"
                    radius="xl"
                    leftSection={<IconCategory size={16} />}
                  >
                    {category.name}
                  </Button>
                ))}
              </Group>
            </section>
          )}
          <section aria-labelledby="found-title">
            <SectionHeader
              id="found-title"
              title={t('catalogue.search.tours')}
              subtitle={t('catalogue.toursCount', { count: found.length })}
            />
            {found.length === 0 && !hasPlaces ? (
              <Text c="dimmed">{t('catalogue.search.nothing')}</Text>
            ) : (
              <TourGrid
                tours={found}
                currency={tours.data.currencyCode}
                agentPrices={null}
                emptyText={t('catalogue.search.noTours')}
              />
            )}
          </section>
        </Stack>
      </Container>
    </>
  );
}
