import { useMemo, useState } from 'react';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch, IconWand } from '@tabler/icons-react';
import { WIDGET_MIN_MARGIN_PERCENT } from '@portal/contract';
import type { WidgetOfferPricesResponse, WidgetPriceOffer, WidgetPriceTour } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { SectionSpinner } from '@/components/page-spinner';
import { formatDate, formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { PRICE_KEYS, minimumSale, priceAtMargin, type OfferValue } from '../utils/form-values';
import type { WidgetForm } from './editor-tabs';
import { SectionHeading } from '@/components/section-heading';

const PRICE_NAMES = { saleAdult: 'adult', saleChild: 'child', saleTrip: 'trip' } as const;
const TODAY_KEYS = { netAdult: 'todayAdult', netChild: 'todayChild', netTrip: 'todayTrip' } as const;

function OfferPrices({ form, offer, index }: { form: WidgetForm; offer: WidgetPriceOffer; index: number }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const { currency } = form.values;
  const discount = form.values.discountPercent === '' ? 0 : form.values.discountPercent;
  const money = (amount: number) => formatMoney(amount, currency, language);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs" ml={{ base: 0, sm: 32 }}>
      {PRICE_KEYS.map(([saleKey, netKey]) => {
        const net = offer[netKey];
        if (net === null) return null;
        const minimum = minimumSale(net, discount);
        const today = offer[TODAY_KEYS[netKey]];
        // the floor is over the highest NET still ahead: say so when it is not today's (issue 28 item 9)
        const isAhead = offer.highestFrom !== null && today !== null && today !== net;
        return (
          <NumberInput
            key={saleKey}
            label={t(`widgets.prices.${PRICE_NAMES[saleKey]}`)}
            description={t(isAhead ? 'widgets.prices.netAheadAndMinimum' : 'widgets.prices.netAndMinimum', {
              net: money(net),
              today: today === null ? '—' : money(today),
              from: offer.highestFrom ? formatDate(offer.highestFrom, language) : '',
              minimum: minimum === null ? '—' : money(minimum),
            })}
            min={0}
            decimalScale={2}
            fixedDecimalScale
            step={1}
            hideControls
            decimalSeparator={language === 'ru' ? ',' : '.'}
            leftSection={<Text size="xs">{currency.toUpperCase()}</Text>}
            leftSectionWidth={44}
            data-testid={`sale-${PRICE_NAMES[saleKey]}`}
            data-minimum={minimum ?? undefined}
            {...form.getInputProps(`offers.${index}.${saleKey}`)}
          />
        );
      })}
    </SimpleGrid>
  );
}

function TourOffers({ form, tour }: { form: WidgetForm; tour: WidgetPriceTour }) {
  const { t } = useTranslation();
  const selected = form.values.offers;
  const toggle = (offer: WidgetPriceOffer, isOn: boolean) => {
    if (isOn) {
      const value: OfferValue = {
        offerId: offer.offerId,
        tourId: tour.tourId,
        saleAdult: '',
        saleChild: '',
        saleTrip: '',
      };
      form.insertListItem('offers', value);
    } else {
      form.removeListItem(
        'offers',
        selected.findIndex((o) => o.offerId === offer.offerId),
      );
    }
  };
  return (
    <Stack gap="sm">
      {tour.offers.map((offer) => {
        const index = selected.findIndex((o) => o.offerId === offer.offerId);
        return (
          <Paper
            key={offer.offerId}
            withBorder
            p="sm"
            radius="sm"
            data-testid="widget-offer"
            data-offer-id={offer.offerId}
          >
            <Checkbox
              label={offer.name}
              description={t(offer.pricingUnit === 'trip' ? 'widgets.prices.perTrip' : 'widgets.prices.perPerson')}
              checked={index >= 0}
              onChange={(event) => toggle(offer, event.currentTarget.checked)}
            />
            {index >= 0 && <OfferPrices form={form} offer={offer} index={index} />}
          </Paper>
        );
      })}
    </Stack>
  );
}

// Options the widget sells that the catalogue no longer offers (or has no price ahead for): the server refuses to
// save them, so they are named here with a way to take them out
function GoneOffers({ form, prices }: { form: WidgetForm; prices: WidgetOfferPricesResponse }) {
  const { t } = useTranslation();
  const known = new Set(prices.tours.flatMap((tour) => tour.offers.map((offer) => offer.offerId)));
  const gone = form.values.offers.filter((offer) => !known.has(offer.offerId));
  if (gone.length === 0) return null;
  return (
    <Alert color="orange" variant="light" data-testid="widget-gone-offers">
      <Stack gap="xs">
        <Text size="sm">{t('widgets.prices.gone', { count: gone.length })}</Text>
        <Group>
          <Button
            size="xs"
            variant="light"
            color="orange"
            onClick={() =>
              form.setFieldValue(
                'offers',
                form.values.offers.filter((offer) => known.has(offer.offerId)),
              )
            }
          >
            {t('widgets.prices.removeGone')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

// SPEC §2 offer price table, §5, §9: pick tours and options; NET and the sale price per adult, child and trip, the
// minimum (NET + 5 % after the discount) beside each sale price; one discount for all selected options
export function OffersSection({
  form,
  prices,
  isLoading,
}: {
  form: WidgetForm;
  prices: WidgetOfferPricesResponse | undefined;
  isLoading: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [margin, setMargin] = useState<number | ''>(10);
  const selectedTours = useMemo(() => new Set(form.values.offers.map((o) => String(o.tourId))), [form.values.offers]);
  const [opened, setOpened] = useState<string[]>(() => [...selectedTours]);
  // the tours chosen when the page opened come first (the order stays put while options are ticked)
  const [firstTours] = useState(selectedTours);
  const needle = search.trim().toLowerCase();
  const ordered = [...(prices?.tours ?? [])].sort(
    (a, b) => Number(firstTours.has(String(b.tourId))) - Number(firstTours.has(String(a.tourId))),
  );
  const tours = ordered.filter(
    (tour) => !needle || tour.title.toLowerCase().includes(needle) || tour.city.toLowerCase().includes(needle),
  );
  const offersError = form.errors.offers;

  const handleApplyMargin = () => {
    if (margin === '' || !prices) return;
    const discount = form.values.discountPercent === '' ? 0 : form.values.discountPercent;
    const byId = new Map(prices.tours.flatMap((tour) => tour.offers.map((o) => [o.offerId, o])));
    form.setFieldValue(
      'offers',
      form.values.offers.map((value) => {
        const net = byId.get(value.offerId);
        if (!net) return value;
        const at = (n: number | null) => (n === null ? '' : priceAtMargin(n, margin, discount));
        return { ...value, saleAdult: at(net.netAdult), saleChild: at(net.netChild), saleTrip: at(net.netTrip) };
      }),
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" data-testid="widget-offers">
      <Stack gap="md">
        <SectionHeading
          title={t('widgets.prices.title')}
          description={t('widgets.prices.subtitle', { percent: WIDGET_MIN_MARGIN_PERCENT })}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" style={{ alignItems: 'end' }}>
          <NumberInput
            label={t('widgets.prices.discount')}
            description={t('widgets.prices.discountHint')}
            min={0}
            max={100}
            allowDecimal={false}
            suffix=" %"
            data-testid="widget-discount"
            {...form.getInputProps('discountPercent')}
          />
          <NumberInput
            label={t('widgets.prices.margin')}
            description={t('widgets.prices.marginHint')}
            min={0}
            max={1000}
            allowDecimal={false}
            suffix=" %"
            value={margin}
            onChange={(value) => setMargin(typeof value === 'number' ? value : '')}
            data-testid="widget-margin"
          />
          <Button
            variant="light"
            leftSection={<IconWand size={16} />}
            onClick={handleApplyMargin}
            disabled={form.values.offers.length === 0 || margin === ''}
            data-testid="widget-apply-margin"
          >
            {t('widgets.prices.applyMargin')}
          </Button>
        </SimpleGrid>
        <Group justify="space-between" gap="sm">
          <Text size="sm" fw={600} data-testid="widget-selected-count">
            {t('widgets.prices.selected', { count: form.values.offers.length })}
          </Text>
          <TextInput
            placeholder={t('widgets.prices.search')}
            aria-label={t('widgets.prices.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 280 }}
          />
        </Group>
        {offersError && (
          <Text c="red" size="sm" role="alert" data-testid="widget-offers-error">
            {offersError}
          </Text>
        )}
        {prices && <GoneOffers form={form} prices={prices} />}
        {isLoading && !prices ? (
          <SectionSpinner />
        ) : tours.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('widgets.prices.noTours')}
          </Text>
        ) : (
          <Accordion multiple variant="separated" value={opened} onChange={setOpened}>
            {tours.map((tour) => {
              const count = form.values.offers.filter((o) => o.tourId === tour.tourId).length;
              return (
                <Accordion.Item
                  key={tour.tourId}
                  value={String(tour.tourId)}
                  data-testid="widget-tour"
                  data-tour-id={tour.tourId}
                >
                  <Accordion.Control>
                    <Group gap="xs" wrap="nowrap" justify="space-between" pr="xs">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {tour.title}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {tour.city}
                        </Text>
                      </div>
                      {count > 0 && (
                        <Badge
                          variant="filled"
                          size="md"
                          circle
                          aria-label={t('widgets.prices.tourSelected', { count })}
                        >
                          {count}
                        </Badge>
                      )}
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <TourOffers form={form} tour={tour} />
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        )}
      </Stack>
    </Paper>
  );
}
