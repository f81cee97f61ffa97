import { Alert, Badge, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AccountProfile } from '@portal/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { SectionSpinner } from '@/components/page-spinner';
import { useMe } from '@/lib/me';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

function ProfileDetails({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="lg" m={0}>
        <Field label={t('fields.name')} value={profile.name} />
        <Field label={t('fields.email')} value={profile.email} />
        <Field label={t('fields.phone')} value={profile.phone} />
        <Field label={t('fields.jobTitle')} value={profile.jobTitle} />
        <Field label={t('account.role')} value={t(`roles.${profile.role}`)} />
      </SimpleGrid>
      {profile.agency && (
        <>
          <Divider />
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="lg" m={0}>
            <Field label={t('account.company')} value={profile.agency.name} />
            <Field label={t('account.currency')} value={profile.agency.currency.toUpperCase()} />
            <div>
              <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
                {t('account.companyStatus')}
              </Text>
              <Text component="dd" m={0}>
                <Badge variant="light" color={profile.agency.status === 'approved' ? 'teal' : 'yellow'}>
                  {t(`account.status.${profile.agency.status}`, { defaultValue: profile.agency.status })}
                </Badge>
              </Text>
            </div>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

export function ProfileCard() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} h="100%">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t('account.profile')}
          </Title>
        </Group>
        {me.isPending && <SectionSpinner />}
        {me.isError && (
          <Alert color="red" icon={<IconAlertTriangle size={20} />}>
            {t('account.loadFailed')}
          </Alert>
        )}
        {me.data && <ProfileDetails profile={me.data} />}
      </Stack>
    </Paper>
  );
}
