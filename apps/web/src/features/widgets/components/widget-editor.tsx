import { useState } from 'react';
import { Container, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { WIDGET_MESSAGES } from '@portal/contract';
import type { Widget } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { BackLink } from '@/components/back-link';
import { ErrorAlert } from '@/components/error-alert';
import { StickySaveBar } from '@/components/sticky-save-bar';
import { useDocumentPageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { notify } from '@/lib/notify';
import { useUnsavedChangesWarning, whenUnsavedGuardRemoved } from '@/lib/use-unsaved-changes';
import { useOfferPrices } from '../api/get-offer-prices';
import { useSaveWidget } from '../api/save-widget';
import {
  TABS,
  bodyOf,
  formValuesOf,
  newWidgetValues,
  tabOfField,
  validateWidget,
  type EditorTab,
  type WidgetFormValues,
} from '../utils/form-values';
import { ContactsTab, GeneralTab, MediaTab, PartnersTab, SeoTab, SocialTab, type WidgetForm } from './editor-tabs';
import { DomainPanel } from './domain-panel';
import { EmbedPanel } from './embed-panel';
import { DomainStatus } from './domain-status';
import { OffersSection } from './offers-section';
import { useIsPhone } from '@/lib/use-is-phone';

const TAB_PANELS: Record<EditorTab, (props: { form: WidgetForm }) => React.JSX.Element> = {
  general: GeneralTab,
  seo: SeoTab,
  media: MediaTab,
  contacts: ContactsTab,
  partners: PartnersTab,
  social: SocialTab,
};

function focusFirstInvalid() {
  window.requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

// SPEC §2 widgets/create and a widget's page: the six tabs (General, SEO, Media, Contacts, Partners, Social Media)
// and the offer price table, saved together; a warning before unsaved changes are lost (SPEC §5)
export function WidgetEditor({ widget }: { widget: Widget | null }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const navigate = useNavigate();
  const save = useSaveWidget(widget?.id ?? null);
  const [tab, setTab] = useState<EditorTab>('general');
  const [saveFailed, setSaveFailed] = useState(false);
  const isPhone = useIsPhone();
  const form = useForm<WidgetFormValues>({
    initialValues: widget ? formValuesOf(widget) : newWidgetValues(language),
  });
  const prices = useOfferPrices(form.values.currency, form.values.language);
  const title = widget ? widget.name : t('widgets.createTitle');
  useDocumentPageTitle(title);
  const isDirty = form.isDirty();
  useUnsavedChangesWarning(isDirty, t('widgets.leaveWarning'));

  const errorFields = Object.keys(form.errors);
  const tabsWithErrors = new Set(errorFields.map(tabOfField));

  const showErrors = (fields: string[]) => {
    const first = fields.map(tabOfField).find((x): x is EditorTab => x !== null);
    if (first && !fields.some((f) => tabOfField(f) === tab)) setTab(first);
    focusFirstInvalid();
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setSaveFailed(false);
    const errors = validateWidget(form.values, prices.data, language);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      showErrors(Object.keys(errors));
      return;
    }
    save.mutate(bodyOf(form.values), {
      onSuccess: (saved) => {
        const next = formValuesOf(saved);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        notify.success(t('widgets.saved', { name: saved.name }));
        // a new widget: back to the list once the unsaved-changes guard is off the history
        if (!widget) whenUnsavedGuardRemoved(() => void navigate(paths.widgets.getHref()));
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 422 && applyServerErrors(form, error)) {
          showErrors(error.items.map((item) => item.fieldName));
          return;
        }
        // SPEC §8
        setSaveFailed(true);
      },
    });
  };

  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <form onSubmit={handleSubmit} noValidate data-testid="widget-form">
        <Stack gap="lg">
          <BackLink to={paths.widgets.getHref()} iconSize={16}>
            {t('widgets.back')}
          </BackLink>
          <PageHeader title={title} subtitle={t('widgets.editorSubtitle')} />
          {widget?.domain && (
            <Group gap="xs">
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {widget.domain}
              </Text>
              <DomainStatus status={widget.domainStatus} />
            </Group>
          )}
          {errorFields.length > 0 && <ErrorAlert testId="widget-form-errors">{t('widgets.fixErrors')}</ErrorAlert>}
          {saveFailed && (
            <ErrorAlert testId="widget-save-failed" isAnnounced>
              {translateMessage(WIDGET_MESSAGES.saveFailed)}
            </ErrorAlert>
          )}
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Tabs value={tab} onChange={(value) => value && setTab(value as EditorTab)} keepMounted>
              <Tabs.List mb="lg" style={{ flexWrap: 'wrap' }}>
                {TABS.map((key) => (
                  <Tabs.Tab
                    key={key}
                    value={key}
                    color={tabsWithErrors.has(key) ? 'red' : undefined}
                    rightSection={
                      tabsWithErrors.has(key) ? (
                        <Text c="red" fw={700} size="sm" aria-label={t('widgets.tabHasErrors')}>
                          !
                        </Text>
                      ) : undefined
                    }
                    data-testid={`widget-tab-${key}`}
                  >
                    {t(`widgets.tabs.${key}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {TABS.map((key) => {
                const Panel = TAB_PANELS[key];
                return (
                  <Tabs.Panel key={key} value={key}>
                    <Panel form={form} />
                  </Tabs.Panel>
                );
              })}
            </Tabs>
          </Paper>
          {widget ? <EmbedPanel widget={widget} /> : null}
          {widget ? (
            <DomainPanel widgetId={widget.id} savedDomain={widget.domain} formDomain={form.values.domain} />
          ) : null}
          <OffersSection form={form} prices={prices.data} isLoading={prices.isLoading} />
          <StickySaveBar
            isDirty={isDirty}
            isSaving={save.isPending}
            onDiscard={() => form.reset()}
            discardLabel={isPhone ? t('widgets.discardShort') : t('widgets.discard')}
            saveLabel={widget ? (isPhone ? t('widgets.saveShort') : t('widgets.save')) : t('widgets.create')}
            saveTestId="widget-save"
          />
        </Stack>
      </form>
    </Container>
  );
}
