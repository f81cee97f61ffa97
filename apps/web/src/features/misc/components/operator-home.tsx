import { Anchor, Code, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminRoutes, bookingRoutes, systemRoutes } from '@portal/contract';
import { paths } from '@/config/paths';

// the operator API, spelt from the contract's route descriptors
const call = (route: { method: string; path: string }) => `${route.method} /api${route.path}`;

// The tours company's staff have no agency: until the back office has screens, their home says what they can do and
// where (the operator API), and the agency pages are not offered to them.
export function OperatorHome({ name }: { name: string }) {
  const { t } = useTranslation();
  const tasks = [
    { text: t('operatorHome.approve'), calls: [adminRoutes.listAgencies, adminRoutes.approveAgency].map(call) },
    {
      text: t('operatorHome.requests'),
      calls: [bookingRoutes.adminRequests, bookingRoutes.adminQuote, bookingRoutes.adminDecline].map(call),
    },
    { text: t('operatorHome.files'), calls: [systemRoutes.downloadFile].map(call) },
  ];
  return (
    <Container size="md" py="xl" data-testid="operator-home">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('operatorHome.title')}</Title>
          <Text c="dimmed">{t('operatorHome.greeting', { name })}</Text>
        </div>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            <Text>{t('operatorHome.intro')}</Text>
            <List spacing="sm">
              {tasks.map((task) => (
                <List.Item key={task.text}>
                  <Text fw={600}>{task.text}</Text>
                  {task.calls.map((call) => (
                    <Code key={call} display="block" mt={4}>
                      {call}
                    </Code>
                  ))}
                </List.Item>
              ))}
            </List>
            <Text>
              <Anchor href="/api/docs" target="_blank" rel="noopener">
                {t('operatorHome.docs')}
              </Anchor>
              {' · '}
              <Anchor component={Link} to={paths.myAccount.getHref()}>
                {t('operatorHome.account')}
              </Anchor>
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
