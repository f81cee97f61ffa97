import { SimpleGrid, Stack } from '@mantine/core';
import type { CurrencyCode, TourCard as TourCardData } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { useAgentFromPrices, type AgentFromPrices } from '../api/get-tours';
import { EmptyState } from './empty-state';
import { FilterLinks } from './filter-links';
import { TourCard } from './tour-card';

type TourGridProps = {
  tours: readonly TourCardData[];
  currency: CurrencyCode;
  agentPrices: AgentFromPrices | null;
  emptyText: string;
};

// Cards from the public pages carry recommended prices only; the agent's net prices are laid over them when they
// are in the same currency.
export function pickFromPrice(tour: TourCardData, currency: CurrencyCode, agentPrices: AgentFromPrices | null) {
  if (agentPrices && agentPrices.currencyCode === currency) return agentPrices.byTourId.get(tour.id) ?? tour.fromPrice;
  return tour.fromPrice;
}

export function TourGrid({ tours, currency, agentPrices, emptyText }: TourGridProps) {
  if (tours.length === 0) return <EmptyState text={emptyText} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" verticalSpacing="lg">
      {tours.map((tour) => (
        <TourCard key={tour.id} tour={tour} price={pickFromPrice(tour, currency, agentPrices)} currency={currency} />
      ))}
    </SimpleGrid>
  );
}

type FilterOption = { url: string; name: string; toursCount: number };

type FilteredToursProps = {
  // the filter's name, and the "all" chip's label and link
  label: string;
  all: { label: string; to: string };
  options: readonly FilterOption[];
  // the chosen option's url; '' for all
  active: string;
  hrefOf: (url: string) => string;
  // every tour of the listing (the "all" count), and those the filter keeps
  allCount: number;
  tours: readonly TourCardData[];
  currency: CurrencyCode;
};

// A listing's tours under its filter chips (country, city and category pages): the chips are links, so the filter
// lives in the URL; the cards carry the agent's net "from" prices when the agent is logged in
export function FilteredTours({ label, all, options, active, hrefOf, allCount, tours, currency }: FilteredToursProps) {
  const { t } = useTranslation();
  const agentPrices = useAgentFromPrices();
  return (
    <Stack gap="lg">
      <FilterLinks
        label={label}
        links={[
          { key: 'all', label: all.label, to: all.to, count: allCount, isActive: active === '' },
          ...options.map((option) => ({
            key: option.url,
            label: option.name,
            to: hrefOf(option.url),
            count: option.toursCount,
            isActive: option.url === active,
          })),
        ]}
      />
      <TourGrid tours={tours} currency={currency} agentPrices={agentPrices} emptyText={t('catalogue.empty')} />
    </Stack>
  );
}
