import { Box, Chip, Flex, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AvailabilityRow, OfferPriceRow, TicketType } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import type { SelectionPatch, TourSelection } from '../hooks/use-tour-selection';
import { DateFilter } from './date-filter';
import { EmptyState } from './empty-state';
import { OfferCard } from './offer-card';

type TicketOptionsProps = {
  selection: TourSelection;
  onChange: (patch: SelectionPatch) => void;
  ticketTypes: readonly TicketType[];
  slotsByOffer: ReadonlyMap<number, AvailabilityRow[]> | undefined;
  prices: readonly OfferPriceRow[] | undefined;
  arePricesLoading: boolean;
};

const ALL = 'all';

// SPEC §2: ticket options with the date filter and the ticket-type filter
export function TicketOptions({
  selection,
  onChange,
  ticketTypes,
  slotsByOffer,
  prices,
  arePricesLoading,
}: TicketOptionsProps) {
  const { t } = useTranslation();
  const { language } = useLocale();

  return (
    <Stack component="section" aria-labelledby="options-title" id="options" gap="md" style={{ scrollMarginTop: 130 }}>
      <Title id="options-title" order={2} fz={{ base: 21, sm: 24 }}>
        {t('catalogue.tour.options')}
      </Title>
      <Paper withBorder p="md" bg="gray.0" radius="md">
        <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }} gap="lg">
          <Box w={{ base: '100%', sm: 220 }} style={{ flex: 'none' }}>
            <DateFilter
              label={t('catalogue.dates.label')}
              value={selection.date}
              minDate={selection.minDate}
              maxDate={selection.maxDate}
              language={language}
              offerId={selection.offer?.id ?? null}
              onChange={(date) => onChange({ date })}
            />
          </Box>
          {ticketTypes.length > 1 && (
            <Stack gap={6} flex={1} miw={0}>
              <Text size="md" fw={500} component="span" id="ticket-type-label" lh={1.55}>
                {t('catalogue.filters.ticketType')}
              </Text>
              <Chip.Group
                multiple={false}
                value={selection.ticketTypeId === null ? ALL : String(selection.ticketTypeId)}
                onChange={(value) => onChange({ ticketTypeId: value === ALL ? null : Number(value) })}
              >
                <Group gap={8} role="radiogroup" aria-labelledby="ticket-type-label" mih={42} align="center">
                  <Chip value={ALL} variant="outline" size="sm">
                    {t('catalogue.filters.allTypes')}
                  </Chip>
                  {ticketTypes.map((type) => (
                    <Chip key={type.id} value={String(type.id)} variant="outline" size="sm">
                      {type.name}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
          )}
        </Flex>
      </Paper>
      {selection.visibleOffers.length === 0 ? (
        <EmptyState text={t('catalogue.offer.none')} />
      ) : (
        selection.visibleOffers.map((offer) => (
          <OfferCard
            key={offer.id}
            offer={offer}
            isSelected={selection.offer?.id === offer.id}
            onSelect={() => onChange({ offerId: offer.id })}
            price={prices?.find((row) => row.offerId === offer.id && row.date === selection.date)}
            isPriceLoading={arePricesLoading}
            slots={slotsByOffer ? (slotsByOffer.get(offer.id) ?? []) : undefined}
          />
        ))
      )}
    </Stack>
  );
}
