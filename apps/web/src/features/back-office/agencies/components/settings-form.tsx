import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AgencySettingsBody } from '@portal/contract';
import type { AdminAgencyDetail, CurrencyCode } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { applyServerErrors, zodValidate } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useAgencySettings } from '../../api/agencies';
import { Section } from '../../components/section';

type Values = {
  siteId: string;
  currency: CurrencyCode;
  creditLimit: number | string;
  isWidgetsCreationAllowed: boolean;
  isCreditCardTopupAllowed: boolean;
  isApiAllowed: boolean;
  isReplayRecorded: boolean;
};

const bodyOf = (values: Values): AgencySettingsBody => ({
  ...values,
  creditLimit: typeof values.creditLimit === 'number' ? values.creditLimit : Number(values.creditLimit || 0),
});

// Site and currency, credit limit, the three permissions (widgets, card top-ups, the reseller API) and whether support
// replay records its agents (SPEC §3 flags, §9 credit limit, issue 31)
export function SettingsForm({ agency }: { agency: AdminAgencyDetail }) {
  const { t } = useTranslation();
  const save = useAgencySettings(agency.id);
  const form = useForm<Values>({
    initialValues: {
      siteId: agency.siteId,
      currency: agency.currency,
      creditLimit: agency.creditLimit,
      isWidgetsCreationAllowed: agency.isWidgetsCreationAllowed,
      isCreditCardTopupAllowed: agency.isCreditCardTopupAllowed,
      isApiAllowed: agency.isApiAllowed,
      isReplayRecorded: agency.isReplayRecorded,
    },
    validate: (values) => zodValidate(AgencySettingsBody)(bodyOf(values)),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(bodyOf(values), {
      onSuccess: (saved) => {
        form.resetDirty({ ...values, creditLimit: saved.creditLimit });
        notify.success(t('backOffice.agency.settingsSaved'));
      },
      onError: (error) => applyServerErrors(form, error),
    }),
  );

  return (
    <Section title={t('backOffice.agency.settings')} testId="agency-settings">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('backOffice.agencies.site')}
              data={agency.sites.map((site) => ({ value: site.id, label: `${site.name} (${site.id})` }))}
              allowDeselect={false}
              {...form.getInputProps('siteId')}
            />
            <Select
              label={t('backOffice.agency.currency')}
              data={[
                { value: 'aed', label: 'AED' },
                { value: 'usd', label: 'USD' },
              ]}
              allowDeselect={false}
              disabled={agency.isCurrencyFixed}
              description={agency.isCurrencyFixed ? t('backOffice.agency.currencyFixed') : undefined}
              {...form.getInputProps('currency')}
            />
            <NumberInput
              label={t('backOffice.agencies.creditLimit')}
              min={0}
              decimalScale={2}
              thousandSeparator=" "
              suffix={` ${form.values.currency.toUpperCase()}`}
              {...form.getInputProps('creditLimit')}
            />
          </SimpleGrid>
          <Switch
            label={t('backOffice.agency.widgetsAllowed')}
            {...form.getInputProps('isWidgetsCreationAllowed', { type: 'checkbox' })}
          />
          <Switch
            label={t('backOffice.agency.cardTopUpAllowed')}
            {...form.getInputProps('isCreditCardTopupAllowed', { type: 'checkbox' })}
          />
          <Switch
            label={t('backOffice.agency.apiAllowed')}
            data-testid="agency-api-allowed"
            {...form.getInputProps('isApiAllowed', { type: 'checkbox' })}
          />
          <Switch
            label={t('backOffice.agency.replayRecorded')}
            description={t('backOffice.agency.replayRecordedHint')}
            data-testid="agency-replay-recorded"
            {...form.getInputProps('isReplayRecorded', { type: 'checkbox' })}
          />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('backOffice.agency.settingsHint')}
            </Text>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              {t('backOffice.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
