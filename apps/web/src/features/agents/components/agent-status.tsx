import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import type { Agent } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { StatusBadge } from '@/components/status-badge';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';

const COLORS: Record<Agent['status'], string> = { normal: 'teal', emailNotVerified: 'yellow', deleted: 'gray' };

// SPEC §4 agent statuses: Active, Email not verified, Deleted; an invitee also sees when their link stops working
export function AgentStatus({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  // the moment the row was first shown: the list refetches after every change
  const [shownAt] = useState(() => Date.now());
  const expires = agent.inviteExpiresAt;
  const isExpired = expires !== null && Date.parse(expires) <= shownAt;
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge
        status={agent.status}
        colors={COLORS}
        textKeys="agents.statuses"
        testId="agent-status"
        tt="none"
        styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}
      />
      {agent.status === 'emailNotVerified' && (
        <Text size="xs" c={isExpired || !expires ? 'red.7' : 'dimmed'}>
          {!expires || isExpired
            ? t('agents.invite.expired')
            : t('agents.invite.expires', { at: formatDateTime(expires, language) })}
        </Text>
      )}
    </Stack>
  );
}

// What the agent spent this month against their cap, in the account's currency ('—': no cap)
export function AgentSpend({ agent }: { agent: Agent }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" component="div" data-testid="agent-spend">
      <Money amount={agent.spentThisMonth} currency={agent.currencyCode} testId="agent-spent" />
      <Text span c="dimmed" inherit>
        {' / '}
        {agent.monthlyCap === null ? (
          <span title={t('agents.noCap')} data-testid="agent-cap">
            —
          </span>
        ) : (
          <Money amount={agent.monthlyCap} currency={agent.currencyCode} testId="agent-cap" />
        )}
      </Text>
    </Text>
  );
}
