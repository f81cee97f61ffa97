import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AdminTour, AdminTourBody, Language } from '@portal/contract';
import { IconCalendarEvent, IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { requiredField } from '@/components/required-field';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { useLocale } from '@/lib/locale';
import { ObjectHistory } from '../components/object-history';
import { useAdminTour, useCatalogueReference, useSaveTour } from './api/catalogue';
import { ActiveBadge } from './components/active-badge';
import { OfferEditor } from './components/offer-editor';
import { TourPhotos } from './components/tour-photos';
import { applyServerErrors } from '@/lib/form';
import { faqOf, itineraryOf, linesOf, slugOf, textOfFaq, textOfItinerary, textOfLines } from './text-lists';
import { BackLink } from '@/components/back-link';

const LANGUAGES: Language[] = ['en', 'ru'];
const TEXTS = [
  'title',
  'summary',
  'description',
  'inclusions',
  'itinerary',
  'terms',
  'notesToAgents',
  'faq',
  'meetingPoint',
  'durationText',
] as const;
type TextField = (typeof TEXTS)[number];
type Texts = Record<TextField, string>;
type FormValues = {
  url: string;
  cityId: string | null;
  categoryIds: string[];
  durationMinutes: number | string;
  videoKey: string | null;
  isActive: boolean;
  en: Texts;
  ru: Texts;
};

const emptyTexts = (): Texts => Object.fromEntries(TEXTS.map((f) => [f, ''])) as Texts;

function valuesOf(tour: AdminTour | undefined): FormValues {
  if (!tour)
    return {
      url: '',
      cityId: null,
      categoryIds: [],
      durationMinutes: 120,
      videoKey: null,
      isActive: true,
      en: emptyTexts(),
      ru: emptyTexts(),
    };
  const texts = (l: Language): Texts => ({
    title: tour.title[l],
    summary: tour.summary[l],
    description: tour.description[l],
    inclusions: textOfLines(tour.inclusions[l]),
    itinerary: textOfItinerary(tour.itinerary[l]),
    terms: textOfLines(tour.terms[l]),
    notesToAgents: textOfLines(tour.notesToAgents[l]),
    faq: textOfFaq(tour.faq[l]),
    meetingPoint: tour.meetingPoint[l],
    durationText: tour.durationText[l],
  });
  return {
    url: tour.url,
    cityId: String(tour.cityId),
    categoryIds: tour.categoryIds.map(String),
    durationMinutes: tour.durationMinutes,
    videoKey: tour.videoKey,
    isActive: tour.isActive,
    en: texts('en'),
    ru: texts('ru'),
  };
}

function bodyOf(v: FormValues): AdminTourBody {
  const pair = <T,>(pick: (t: Texts) => T) => ({ en: pick(v.en), ru: pick(v.ru) });
  return {
    url: v.url.trim(),
    cityId: Number(v.cityId ?? 0),
    categoryIds: v.categoryIds.map(Number),
    title: pair((t) => t.title),
    summary: pair((t) => t.summary),
    description: pair((t) => t.description),
    inclusions: pair((t) => linesOf(t.inclusions)),
    itinerary: pair((t) => itineraryOf(t.itinerary)),
    terms: pair((t) => linesOf(t.terms)),
    notesToAgents: pair((t) => linesOf(t.notesToAgents)),
    faq: pair((t) => faqOf(t.faq)),
    meetingPoint: pair((t) => t.meetingPoint),
    durationMinutes: Number(v.durationMinutes) || 0,
    durationText: pair((t) => t.durationText),
    videoKey: v.videoKey,
    isActive: v.isActive,
  };
}

// the server names a text 'title.en' or 'faq.ru.0.answer'; the form keeps it under 'en.title'
function formPath(fieldName: string): string {
  const match = /^(\w+)\.(en|ru)(?:\.|$)/.exec(fieldName);
  return match ? `${match[2]}.${match[1]}` : fieldName;
}

// /admin/tours/new and /admin/tours/{id}: a tour's texts in English and Russian, its place, photos, video and options
export function TourPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id === 'new' ? null : Number(params.id);
  const tour = useAdminTour(id);
  const reference = useCatalogueReference();
  const save = useSaveTour(id);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const form = useForm<FormValues>({ initialValues: valuesOf(undefined) });
  const loaded = tour.data;
  useDocumentPageTitle(loaded ? loaded.title[language] : t('boCatalogue.tour.newTitle'));

  useEffect(() => {
    if (loaded) {
      form.setValues(valuesOf(loaded));
      form.resetDirty(valuesOf(loaded));
    }
    // the form follows the tour when it is (re)loaded
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  if (id !== null && tour.isError && !loaded)
    return <LoadFailed error={tour.error} onRetry={() => void tour.refetch()} isRetrying={tour.isFetching} />;
  if ((id !== null && !loaded) || !reference.data) return <Loader size="sm" aria-label={t('common.loading')} />;
  const ref = reference.data;
  const named = (rows: { id: number; name: Record<Language, string> }[]) =>
    rows.map((r) => ({ value: String(r.id), label: r.name[language] }));

  const handleSubmit = form.onSubmit((values) => {
    save.mutate(bodyOf(values), {
      onSuccess: (saved) => {
        notify.success(t('boCatalogue.tour.saved'));
        if (id === null) void navigate(paths.backOffice.tour.getHref(saved.id), { replace: true });
      },
      onError: (error) =>
        applyServerErrors(
          {
            setFieldError: (path, message) => form.setFieldError(formPath(path), message),
            getInputNode: (path) => form.getInputNode(formPath(path)),
          },
          error,
        ),
    });
  });

  const textArea = (l: Language, field: TextField, rows: number, hint?: string, isRequired = false) => (
    <Textarea
      label={t(`boCatalogue.tour.fields.${field}`)}
      description={hint}
      {...(isRequired ? requiredField : {})}
      autosize
      minRows={rows}
      maxRows={14}
      {...form.getInputProps(`${l}.${field}`)}
    />
  );

  return (
    <Stack gap="lg" data-testid="tour-page">
      <BackLink to={paths.backOffice.tours.getHref()}>{t('boCatalogue.tours.title')}</BackLink>
      <PageHeader
        title={loaded ? loaded.title[language] : t('boCatalogue.tour.newTitle')}
        subtitle={t('boCatalogue.tour.subtitle')}
        action={loaded ? <ActiveBadge isActive={loaded.isActive} size="lg" /> : undefined}
      />
      <form onSubmit={handleSubmit} noValidate data-testid="tour-form">
        <Stack gap="lg">
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              {t('boCatalogue.tour.general')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t('boCatalogue.tour.fields.city')}
                data={named(ref.cities)}
                searchable
                {...requiredField}
                {...form.getInputProps('cityId')}
              />
              <MultiSelect
                label={t('boCatalogue.tour.fields.categories')}
                data={named(ref.categories)}
                searchable
                {...requiredField}
                {...form.getInputProps('categoryIds')}
              />
              <TextInput
                size="sm"
                label={t('boCatalogue.tour.fields.url')}
                description={t('boCatalogue.tour.urlHint')}
                {...requiredField}
                maxLength={120}
                {...form.getInputProps('url')}
                onFocus={() => {
                  if (!form.values.url && form.values.en.title) form.setFieldValue('url', slugOf(form.values.en.title));
                }}
              />
              <NumberInput
                label={t('boCatalogue.tour.fields.durationMinutes')}
                min={1}
                max={10080}
                allowDecimal={false}
                {...requiredField}
                {...form.getInputProps('durationMinutes')}
              />
              <Select
                label={t('boCatalogue.tour.fields.video')}
                data={ref.videos.map((v) => ({ value: v, label: v }))}
                clearable
                placeholder={t('boCatalogue.tour.noVideo')}
                {...form.getInputProps('videoKey')}
              />
              <Switch
                mt={{ base: 0, sm: 'xl' }}
                label={t('boCatalogue.tour.fields.isActive')}
                {...form.getInputProps('isActive', { type: 'checkbox' })}
              />
            </SimpleGrid>
          </Card>

          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              {t('boCatalogue.tour.texts')}
            </Title>
            <Tabs defaultValue="en" keepMounted>
              <Tabs.List mb="sm">
                {LANGUAGES.map((l) => (
                  <Tabs.Tab key={l} value={l} data-testid={`texts-${l}`}>
                    {t(`boCatalogue.languages.${l}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {LANGUAGES.map((l) => (
                <Tabs.Panel key={l} value={l}>
                  <Stack gap="sm">
                    <TextInput
                      size="sm"
                      label={t('boCatalogue.tour.fields.title')}
                      {...requiredField}
                      maxLength={200}
                      {...form.getInputProps(`${l}.title`)}
                    />
                    {textArea(l, 'summary', 2, undefined, true)}
                    {textArea(l, 'description', 4, undefined, true)}
                    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
                      {textArea(l, 'inclusions', 3, t('boCatalogue.tour.oneALine'))}
                      {textArea(l, 'terms', 3, t('boCatalogue.tour.oneALine'))}
                      {textArea(l, 'itinerary', 3, t('boCatalogue.tour.blocksHint'))}
                      {textArea(l, 'faq', 3, t('boCatalogue.tour.faqHint'))}
                      {textArea(l, 'notesToAgents', 2, t('boCatalogue.tour.oneALine'))}
                      <Stack gap="sm">
                        <TextInput
                          size="sm"
                          label={t('boCatalogue.tour.fields.meetingPoint')}
                          maxLength={500}
                          {...form.getInputProps(`${l}.meetingPoint`)}
                        />
                        <TextInput
                          size="sm"
                          label={t('boCatalogue.tour.fields.durationText')}
                          maxLength={100}
                          {...form.getInputProps(`${l}.durationText`)}
                        />
                      </Stack>
                    </SimpleGrid>
                  </Stack>
                </Tabs.Panel>
              ))}
            </Tabs>
          </Card>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="save-tour">
              {id === null ? t('boCatalogue.tour.create') : t('boCatalogue.tour.save')}
            </Button>
          </Group>
        </Stack>
      </form>

      {loaded ? (
        <>
          <TourPhotos tour={loaded} />
          <Card withBorder padding="md" data-testid="tour-offers">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                {t('boCatalogue.offers.title')}
              </Title>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => setEditing('new')}
                data-testid="add-offer"
              >
                {t('boCatalogue.offers.add')}
              </Button>
            </Group>
            {loaded.offers.length === 0 ? (
              <Text c="dimmed">{t('boCatalogue.offers.empty')}</Text>
            ) : (
              <Stack gap="xs">
                {loaded.offers.map((offer) => (
                  <Card key={offer.id} withBorder padding="sm" data-testid="offer-row">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fw={600}>{offer.name[language]}</Text>
                        <Text size="sm" c="dimmed">
                          {t(`boCatalogue.offer.units.${offer.pricingUnit}`)} ·{' '}
                          {offer.availabilityType === 'timeslots'
                            ? offer.startTimes.join(', ')
                            : `${offer.openingTime ?? ''}–${offer.closingTime ?? ''}`}{' '}
                          · {offer.isInstant ? t('boCatalogue.offer.instant') : t('boCatalogue.offer.onRequest')} ·{' '}
                          {t('boCatalogue.offers.periods', { count: offer.periods.length })}
                          {offer.isActive ? '' : ` · ${t('boCatalogue.tours.inactive')}`}
                        </Text>
                      </Stack>
                      <Group gap="xs">
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconPencil size={14} />}
                          onClick={() => setEditing(offer.id)}
                        >
                          {t('boCatalogue.offers.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          component={Link}
                          to={paths.backOffice.slots.getHref(offer.id)}
                          leftSection={<IconCalendarEvent size={14} />}
                          data-testid="offer-slots-link"
                        >
                          {t('boCatalogue.offers.slots')}
                        </Button>
                      </Group>
                    </Group>
                  </Card>
                ))}
              </Stack>
            )}
          </Card>
          <ObjectHistory filter={{ entity: 'tour', entityId: String(loaded.id) }} testId="tour-history" />
          {editing !== null ? (
            <OfferEditor
              tourId={loaded.id}
              offer={editing === 'new' ? null : (loaded.offers.find((o) => o.id === editing) ?? null)}
              ticketTypes={named(ref.ticketTypes)}
              onClose={() => setEditing(null)}
              onCreated={(offerId) => setEditing(offerId)}
            />
          ) : null}
        </>
      ) : (
        <Alert color="blue" variant="light">
          {t('boCatalogue.tour.saveFirst')}
        </Alert>
      )}
    </Stack>
  );
}
