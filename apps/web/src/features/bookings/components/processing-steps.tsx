import { useEffect, useState } from 'react';
import { Loader, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import classes from './processing-steps.module.css';

const STEPS = ['availability', 'reserving', 'supplier', 'tickets', 'documents'] as const;
const STEP_MS = 1800;

// SPEC §2: while the booking is not final the loading messages cycle through five steps
export function ProcessingSteps({ isCardPayment }: { isCardPayment: boolean }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setStep((current) => (current + 1) % STEPS.length), STEP_MS);
    return () => clearInterval(timer);
  }, []);
  const current = STEPS[step] ?? STEPS[0];

  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} data-testid="processing">
      <Stack align="center" gap="lg">
        <Loader size="lg" />
        <Title order={2} fz="lg" ta="center">
          {isCardPayment ? t('confirmation.pleaseWait') : t('confirmation.processing')}
        </Title>
        <Text c="dimmed" aria-live="polite" data-testid="processing-step" ta="center">
          {t(`confirmation.steps.${current}`)}
        </Text>
        {/* one row at any width from 768 px: each label sits under its number and may take two lines */}
        <Stepper
          active={step}
          size="xs"
          w="100%"
          maw={860}
          wrap={false}
          allowNextStepsSelect={false}
          visibleFrom="sm"
          classNames={{
            steps: classes.steps,
            stepLabel: classes.stepLabel,
            step: classes.step,
            stepBody: classes.stepBody,
            separator: classes.separator,
          }}
        >
          {STEPS.map((key) => (
            <Stepper.Step key={key} label={t(`confirmation.steps.${key}`)} />
          ))}
        </Stepper>
      </Stack>
    </Paper>
  );
}
