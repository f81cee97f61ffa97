import { SimpleGrid } from '@mantine/core';
import type { CurrencyCode, TourCard as TourCardData } from '@portal/contract';
import type { AgentFromPrices } from '../api/get-tours';
import { EmptyState } from './empty-state';
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
