import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import type { Offer, People } from '@portal/contract';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { MAX_PEOPLE_INPUT } from '../hooks/use-tour-selection';

type Kind = keyof People;
const KINDS: readonly Kind[] = ['adults', 'children', 'infants'];

function ageRange(kind: Kind, ages: Offer['ages']): { key: string; from: number; to: number } {
  if (kind === 'adults') return { key: 'catalogue.people.adultsAge', from: ages.childMaxAge + 1, to: 0 };
  if (kind === 'children')
    return { key: 'catalogue.people.childrenAge', from: ages.infantMaxAge + 1, to: ages.childMaxAge };
  return { key: 'catalogue.people.infantsAge', from: 0, to: ages.infantMaxAge };
}

// Adults, children and infants; the SPEC §5 rules are checked as the numbers change (the booking panel shows them)
export function PeopleSteppers({
  people,
  ages,
  onChange,
}: {
  people: People;
  ages: Offer['ages'];
  onChange: (people: People) => void;
}) {
  const { t } = useTranslation();
  // The counts live in the URL and arrive with the next render: a second click before it must count from the
  // number the first click asked for, not the one still on screen.
  const requested = useRef(people);
  useEffect(() => {
    requested.current = people;
  }, [people]);
  const step = (kind: Kind, delta: number) => {
    const value = Math.min(MAX_PEOPLE_INPUT, Math.max(0, requested.current[kind] + delta));
    requested.current = { ...requested.current, [kind]: value };
    onChange(requested.current);
  };
  return (
    <Stack gap="sm">
      {KINDS.map((kind) => {
        const value = people[kind];
        const label = t(`catalogue.people.${kind}`);
        const range = ageRange(kind, ages);
        return (
          <Group key={kind} justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600} size="sm" id={`people-${kind}`}>
                {label}
              </Text>
              <Text size="xs" c="dimmed">
                {t(range.key, { from: range.from, to: range.to })}
              </Text>
            </div>
            <Group gap={10} wrap="nowrap" role="group" aria-labelledby={`people-${kind}`}>
              <ActionIcon
                variant="default"
                radius="xl"
                size={34}
                disabled={value <= 0}
                onClick={() => step(kind, -1)}
                aria-label={t('catalogue.people.remove', { what: label })}
              >
                <IconMinus size={16} />
              </ActionIcon>
              <Text fw={700} w={24} ta="center" aria-live="polite" data-testid={`count-${kind}`}>
                {value}
              </Text>
              <ActionIcon
                variant="default"
                radius="xl"
                size={34}
                disabled={value >= MAX_PEOPLE_INPUT}
                onClick={() => step(kind, 1)}
                aria-label={t('catalogue.people.add', { what: label })}
              >
                <IconPlus size={16} />
              </ActionIcon>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
