import { Stack } from '@mantine/core';
import { DestinationSearch } from '@/components/destination-search';
import { HomeHero, HomeIntro } from '@/components/home-hero';
import { TopDestinations } from '@/components/top-destinations';
import { useLayoutInfo } from '@/lib/layout-info';
import { Benefits } from './benefits';
import { LoginCard } from './login-card';

export function PublicHome() {
  const { data } = useLayoutInfo();
  const site = data?.site;
  const hasSearch = site?.features.search === true;
  const hasDestinations = site?.features.topDestinations === true;

  return (
    <>
      <HomeHero withoutSearch={!hasSearch && !hasDestinations}>
        <HomeIntro />
        <div className="home-login" data-testid="home-login">
          <LoginCard />
        </div>
        {(hasSearch || hasDestinations) && (
          <Stack gap="lg" className="home-search">
            {hasSearch && <DestinationSearch />}
            {hasDestinations && site && <TopDestinations destinations={site.topDestinations} tone="onBrand" />}
          </Stack>
        )}
      </HomeHero>
      <Benefits />
    </>
  );
}
