import { Button, Grid, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingBank, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DepositDetailsCard } from './deposit-details-card';

// SPEC §2 balance: the bank deposit details, and how a transfer reaches the balance
export function DepositTab() {
  const { t } = useTranslation();
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <DepositDetailsCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} bg="gray.0" h="100%">
          <Stack gap="sm" align="flex-start">
            <ThemeIcon size={40} radius="xl" variant="light">
              <IconBuildingBank size={22} />
            </ThemeIcon>
            <Title order={2} size="h4">
              {t('balance.deposit.howTitle')}
            </Title>
            <Text size="sm">{t('balance.deposit.howTransfer')}</Text>
            <Text size="sm">{t('balance.deposit.howCredited')}</Text>
            <Button
              component={Link}
              to={paths.topUp.getHref({ method: 'bank_transfer' })}
              rightSection={<IconArrowRight size={16} />}
              mt="xs"
              data-testid="declare-transfer-link"
            >
              {t('balance.deposit.declare')}
            </Button>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
