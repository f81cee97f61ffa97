import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminOffer, AdminOfferBody, PricePeriodInput } from '@portal/contract';
import { addDays } from '@portal/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { requiredField } from '@/components/required-field';
import { notify } from '@/lib/notify';
import { useSaveOffer, useSavePrices } from '../api/catalogue';
import { applyCatalogueErrors } from '../messages';
import { TypedDateInput } from '@/components/typed-date-input';

type Num = number | string;
type OfferForm = Omit<
  AdminOfferBody,
  'slotCapacity' | 'adultCapacity' | 'childCapacity' | 'minPeople' | 'maxPeople' | 'cutOffHours' | 'ticketTypeId'
> & {
  slotCapacity: Num;
  adultCapacity: Num;
  childCapacity: Num;
  minPeople: Num;
  maxPeople: Num;
  cutOffHours: Num;
  ticketTypeId: string | null;
};
type PeriodForm = { [K in keyof PricePeriodInput]: K extends 'validFrom' | 'validTo' ? string : Num };

const today = () => new Date().toISOString().slice(0, 10);
const numOrNull = (v: Num) => (v === '' || v === null || v === undefined ? null : Number(v));

function offerValues(offer: AdminOffer | null, ticketTypeId: string | null): OfferForm {
  return {
    name: offer?.name ?? { en: '', ru: '' },
    description: offer?.description ?? { en: '', ru: '' },
    pricingUnit: offer?.pricingUnit ?? 'person',
    availabilityType: offer?.availabilityType ?? 'timeslots',
    startTimes: offer?.startTimes ?? [],
    openingTime: offer?.openingTime ?? null,
    closingTime: offer?.closingTime ?? null,
    slotCapacity: offer?.slotCapacity ?? 20,
    isSameTicketForAdultsAndChildren: offer?.isSameTicketForAdultsAndChildren ?? false,
    adultCapacity: offer?.adultCapacity ?? '',
    childCapacity: offer?.childCapacity ?? '',
    minPeople: offer?.minPeople ?? 1,
    maxPeople: offer?.maxPeople ?? 10,
    cutOffHours: offer?.cutOffHours ?? 24,
    isInstant: offer?.isInstant ?? true,
    cancellationPolicy: offer?.cancellationPolicy ?? [
      { hours: 24, percents: 100 },
      { hours: 0, percents: 0 },
    ],
    ticketTypeId: offer ? String(offer.ticketTypeId) : ticketTypeId,
    infantMaxAge: offer?.infantMaxAge ?? 2,
    childMaxAge: offer?.childMaxAge ?? 11,
    isActive: offer?.isActive ?? true,
  };
}

function offerBody(v: OfferForm): AdminOfferBody {
  const timeslots = v.availabilityType === 'timeslots';
  return {
    ...v,
    startTimes: timeslots ? v.startTimes : [],
    openingTime: timeslots ? null : v.openingTime || null,
    closingTime: timeslots ? null : v.closingTime || null,
    slotCapacity: Number(v.slotCapacity) || 0,
    adultCapacity: v.isSameTicketForAdultsAndChildren ? numOrNull(v.adultCapacity) : null,
    childCapacity: v.isSameTicketForAdultsAndChildren ? numOrNull(v.childCapacity) : null,
    minPeople: Number(v.minPeople) || 0,
    maxPeople: Number(v.maxPeople) || 0,
    cutOffHours: Number(v.cutOffHours) || 0,
    cancellationPolicy: v.cancellationPolicy.map((tier) => ({
      hours: Number(tier.hours) || 0,
      percents: Number(tier.percents) || 0,
    })),
    ticketTypeId: Number(v.ticketTypeId ?? 0),
  };
}

const emptyPeriod = (): PeriodForm => ({
  validFrom: today(),
  validTo: addDays(today(), 365),
  netAdult: '',
  netChild: '',
  netTrip: '',
  recAdult: '',
  recChild: '',
  recTrip: '',
});

// An offer (option) of a tour: its rules, cancellation tiers and price periods. Prices are saved apart from the rules;
// bookings keep the prices they were made at.
export function OfferEditor({
  tourId,
  offer,
  ticketTypes,
  onClose,
  onCreated,
}: {
  tourId: number;
  offer: AdminOffer | null;
  ticketTypes: { value: string; label: string }[];
  onClose: () => void;
  onCreated: (offerId: number) => void;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const save = useSaveOffer(tourId, offer?.id ?? null);
  const form = useForm<OfferForm>({ initialValues: offerValues(offer, ticketTypes[0]?.value ?? null) });
  const v = form.values;

  const handleSubmit = form.onSubmit((values) =>
    save.mutate(offerBody(values), {
      onSuccess: (saved) => {
        notify.success(t('boCatalogue.offer.saved'));
        if (!offer) onCreated(saved.id);
      },
      onError: (error) => applyCatalogueErrors(form, error),
    }),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={isPhone}
      title={offer ? offer.name.en : t('boCatalogue.offer.newTitle')}
    >
      <form onSubmit={handleSubmit} noValidate data-testid="offer-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              size="sm"
              label={t('boCatalogue.offer.fields.nameEn')}
              {...requiredField}
              {...form.getInputProps('name.en')}
            />
            <TextInput
              size="sm"
              label={t('boCatalogue.offer.fields.nameRu')}
              {...requiredField}
              {...form.getInputProps('name.ru')}
            />
            <Textarea
              label={t('boCatalogue.offer.fields.descriptionEn')}
              autosize
              minRows={2}
              {...form.getInputProps('description.en')}
            />
            <Textarea
              label={t('boCatalogue.offer.fields.descriptionRu')}
              autosize
              minRows={2}
              {...form.getInputProps('description.ru')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('boCatalogue.offer.fields.pricingUnit')}
              </Text>
              <SegmentedControl
                data={(['person', 'trip'] as const).map((u) => ({
                  value: u,
                  label: t(`boCatalogue.offer.units.${u}`),
                }))}
                {...form.getInputProps('pricingUnit')}
              />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('boCatalogue.offer.fields.availabilityType')}
              </Text>
              <SegmentedControl
                data={(['timeslots', 'openingHours'] as const).map((a) => ({
                  value: a,
                  label: t(`boCatalogue.offer.availability.${a}`),
                }))}
                {...form.getInputProps('availabilityType')}
              />
            </Stack>
          </SimpleGrid>
          {v.availabilityType === 'timeslots' ? (
            <TagsInput
              label={t('boCatalogue.offer.fields.startTimes')}
              description={t('boCatalogue.offer.startTimesHint')}
              placeholder="10:00"
              {...requiredField}
              {...form.getInputProps('startTimes')}
            />
          ) : (
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                size="sm"
                type="time"
                label={t('boCatalogue.offer.fields.openingTime')}
                {...form.getInputProps('openingTime')}
                value={v.openingTime ?? ''}
              />
              <TextInput
                size="sm"
                type="time"
                label={t('boCatalogue.offer.fields.closingTime')}
                {...form.getInputProps('closingTime')}
                value={v.closingTime ?? ''}
              />
            </SimpleGrid>
          )}
          <Switch
            label={t('boCatalogue.offer.fields.sameTicket')}
            description={t('boCatalogue.offer.sameTicketHint')}
            {...form.getInputProps('isSameTicketForAdultsAndChildren', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {v.isSameTicketForAdultsAndChildren ? (
              <>
                <NumberInput
                  label={t('boCatalogue.offer.fields.adultCapacity')}
                  min={0}
                  allowDecimal={false}
                  {...form.getInputProps('adultCapacity')}
                />
                <NumberInput
                  label={t('boCatalogue.offer.fields.childCapacity')}
                  min={0}
                  allowDecimal={false}
                  {...form.getInputProps('childCapacity')}
                />
              </>
            ) : (
              <NumberInput
                label={t('boCatalogue.offer.fields.slotCapacity')}
                min={0}
                allowDecimal={false}
                {...form.getInputProps('slotCapacity')}
              />
            )}
            <NumberInput
              label={t('boCatalogue.offer.fields.minPeople')}
              min={1}
              allowDecimal={false}
              {...form.getInputProps('minPeople')}
            />
            <NumberInput
              label={t('boCatalogue.offer.fields.maxPeople')}
              min={1}
              allowDecimal={false}
              {...form.getInputProps('maxPeople')}
            />
            <NumberInput
              label={t('boCatalogue.offer.fields.cutOffHours')}
              min={0}
              allowDecimal={false}
              {...form.getInputProps('cutOffHours')}
            />
            <NumberInput
              label={t('boCatalogue.offer.fields.infantMaxAge')}
              min={0}
              max={17}
              allowDecimal={false}
              {...form.getInputProps('infantMaxAge')}
            />
            <NumberInput
              label={t('boCatalogue.offer.fields.childMaxAge')}
              min={0}
              max={17}
              allowDecimal={false}
              {...form.getInputProps('childMaxAge')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('boCatalogue.offer.fields.ticketType')}
              data={ticketTypes}
              {...form.getInputProps('ticketTypeId')}
            />
            <Switch
              mt={{ base: 0, sm: 'lg' }}
              label={t('boCatalogue.offer.fields.isInstant')}
              {...form.getInputProps('isInstant', { type: 'checkbox' })}
            />
            <Switch
              mt={{ base: 0, sm: 'lg' }}
              label={t('boCatalogue.offer.fields.isActive')}
              {...form.getInputProps('isActive', { type: 'checkbox' })}
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('boCatalogue.offer.fields.cancellation')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('boCatalogue.offer.cancellationHint')}
            </Text>
            {v.cancellationPolicy.map((_tier, i) => (
              <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
                <NumberInput
                  label={i === 0 ? t('boCatalogue.offer.fields.hours') : undefined}
                  aria-label={t('boCatalogue.offer.fields.hours')}
                  min={0}
                  allowDecimal={false}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`cancellationPolicy.${i}.hours`)}
                />
                <NumberInput
                  label={i === 0 ? t('boCatalogue.offer.fields.percents') : undefined}
                  aria-label={t('boCatalogue.offer.fields.percents')}
                  min={0}
                  max={100}
                  allowDecimal={false}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`cancellationPolicy.${i}.percents`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('boCatalogue.offer.removeTier')}
                  onClick={() => form.removeListItem('cancellationPolicy', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {form.errors.cancellationPolicy ? (
              <Text size="xs" c="red">
                {form.errors.cancellationPolicy}
              </Text>
            ) : null}
            <Button
              variant="subtle"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem('cancellationPolicy', { hours: 48, percents: 100 })}
            >
              {t('boCatalogue.offer.addTier')}
            </Button>
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="save-offer">
              {offer ? t('boCatalogue.offer.save') : t('boCatalogue.offer.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {offer ? (
        <>
          <Divider my="lg" />
          <PricesEditor tourId={tourId} offer={offer} />
        </>
      ) : null}
    </Modal>
  );
}

function PricesEditor({ tourId, offer }: { tourId: number; offer: AdminOffer }) {
  const { t } = useTranslation();
  const save = useSavePrices(tourId, offer.id);
  const perTrip = offer.pricingUnit === 'trip';
  const form = useForm<{ periods: PeriodForm[] }>({
    initialValues: {
      periods:
        offer.periods.length > 0
          ? offer.periods.map(({ id: _id, ...p }) => ({
              ...p,
              netAdult: p.netAdult ?? '',
              netChild: p.netChild ?? '',
              netTrip: p.netTrip ?? '',
              recAdult: p.recAdult ?? '',
              recChild: p.recChild ?? '',
              recTrip: p.recTrip ?? '',
            }))
          : [emptyPeriod()],
    },
  });
  const handleSubmit = form.onSubmit((values) =>
    save.mutate(
      {
        periods: values.periods.map((p) => ({
          validFrom: p.validFrom,
          validTo: p.validTo,
          netAdult: perTrip ? null : numOrNull(p.netAdult),
          netChild: perTrip ? null : numOrNull(p.netChild),
          netTrip: perTrip ? numOrNull(p.netTrip) : null,
          recAdult: perTrip ? null : numOrNull(p.recAdult),
          recChild: perTrip ? null : numOrNull(p.recChild),
          recTrip: perTrip ? numOrNull(p.recTrip) : null,
        })),
      },
      {
        onSuccess: () => notify.success(t('boCatalogue.prices.saved')),
        onError: (error) => applyCatalogueErrors(form, error),
      },
    ),
  );
  const money = (i: number, field: keyof PeriodForm) => (
    <NumberInput
      label={t(`boCatalogue.prices.fields.${field}`)}
      min={0}
      decimalScale={2}
      suffix=" AED"
      {...form.getInputProps(`periods.${i}.${field}`)}
    />
  );
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="prices-form">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('boCatalogue.prices.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('boCatalogue.prices.hint')}
        </Text>
        {form.values.periods.map((_p, i) => (
          <Stack key={i} gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <SimpleGrid cols={2} spacing="xs" style={{ flex: 1 }}>
                <TypedDateInput
                  label={t('boCatalogue.prices.fields.validFrom')}
                  value={form.values.periods[i]?.validFrom ?? ''}
                  onChange={(value) => form.setFieldValue(`periods.${i}.validFrom`, value)}
                  error={form.errors[`periods.${i}.validFrom`]}
                />
                <TypedDateInput
                  label={t('boCatalogue.prices.fields.validTo')}
                  value={form.values.periods[i]?.validTo ?? ''}
                  onChange={(value) => form.setFieldValue(`periods.${i}.validTo`, value)}
                  error={form.errors[`periods.${i}.validTo`]}
                />
              </SimpleGrid>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('boCatalogue.prices.remove')}
                onClick={() => form.removeListItem('periods', i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              {perTrip ? (
                <>
                  {money(i, 'netTrip')}
                  {money(i, 'recTrip')}
                </>
              ) : (
                <>
                  {money(i, 'netAdult')}
                  {money(i, 'recAdult')}
                  {money(i, 'netChild')}
                  {money(i, 'recChild')}
                </>
              )}
            </SimpleGrid>
          </Stack>
        ))}
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem('periods', emptyPeriod())}
          >
            {t('boCatalogue.prices.add')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="save-prices">
            {t('boCatalogue.prices.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
