import {
  Accordion,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { AGENT_ROLES, CreateAgentBody, UpdateAgentBody } from '@portal/contract';
import type { Agent, AgentRole, CurrencyCode } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { requiredField } from '@/components/required-field';
import { applyServerErrors, zodValidate } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useCreateAgent } from '../api/create-agent';
import { useUpdateAgent } from '../api/update-agent';
import { RolesTable } from './roles-table';
import { EmailField } from '@/components/email-field';

type FormValues = {
  name: string;
  email: string;
  phone: string;
  role: AgentRole;
  jobTitle: string;
  monthlyCap: number | string;
};

type AgentFormModalProps = {
  // null: a new agent
  agent: Agent | null;
  isOpen: boolean;
  onClose: () => void;
  currency: CurrencyCode;
};

const capOf = (value: number | string): number | null =>
  value === '' ? null : typeof value === 'number' ? value : Number(value);

function updateBodyOf(values: FormValues): UpdateAgentBody {
  return {
    name: values.name,
    phone: values.phone,
    role: values.role,
    jobTitle: values.jobTitle,
    monthlyCap: capOf(values.monthlyCap),
  };
}

// Create and edit in one modal: client checks with the contract's own schemas, the server's 422s under the fields
export function AgentFormModal({ agent, isOpen, onClose, currency }: AgentFormModalProps) {
  return (
    <AgentFormDialog
      // a fresh form for each agent (and each new one) the modal opens for
      key={`${agent?.id ?? 'new'}:${String(isOpen)}`}
      agent={agent}
      isOpen={isOpen}
      onClose={onClose}
      currency={currency}
    />
  );
}

function AgentFormDialog({ agent, isOpen, onClose, currency }: AgentFormModalProps) {
  const { t } = useTranslation();
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const isNew = agent === null;
  const isOwnRole = agent?.isSelf ?? false;
  const form = useForm<FormValues>({
    initialValues: {
      name: agent?.name ?? '',
      email: agent?.email ?? '',
      phone: agent?.phone ?? '',
      role: agent?.role ?? 'junior',
      jobTitle: agent?.jobTitle ?? '',
      monthlyCap: agent?.monthlyCap ?? '',
    },
    validate: (values) =>
      isNew
        ? zodValidate(CreateAgentBody)({ ...updateBodyOf(values), email: values.email })
        : zodValidate(UpdateAgentBody)(updateBodyOf(values)),
  });

  const handleSubmit = form.onSubmit((values) => {
    const onError = (error: unknown) => applyServerErrors(form, error);
    if (agent) {
      update.mutate(
        { id: agent.id, body: updateBodyOf(values) },
        {
          onSuccess: (saved) => {
            notify.success(t('agents.form.saved', { name: saved.name }));
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { ...updateBodyOf(values), email: values.email },
        {
          onSuccess: (saved) => {
            notify.success(t('agents.form.created', { email: saved.email }));
            onClose();
          },
          onError,
        },
      );
    }
  });

  const roles = AGENT_ROLES.map((role) => ({ value: role, label: t(`agents.roleNames.${role}`) }));

  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title={isNew ? t('agents.form.createTitle') : t('agents.form.editTitle', { name: agent.name })}
      size="lg"
      centered
    >
      <form onSubmit={handleSubmit} noValidate data-testid="agent-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('agents.fields.name')}
              {...requiredField}
              {...form.getInputProps('name')}
              maxLength={100}
            />
            {isNew ? (
              <EmailField
                label={t('agents.fields.email')}
                autoComplete="off"
                {...form.getInputProps('email')}
                maxLength={254}
              />
            ) : (
              <TextInput label={t('agents.fields.email')} value={agent.email} readOnly variant="filled" />
            )}
            <TextInput
              label={t('agents.fields.phone')}
              type="tel"
              {...requiredField}
              {...form.getInputProps('phone')}
              maxLength={20}
            />
            <TextInput label={t('agents.fields.jobTitle')} {...form.getInputProps('jobTitle')} maxLength={100} />
            <Select
              label={t('agents.fields.role')}
              data={roles}
              allowDeselect={false}
              disabled={isOwnRole}
              description={isOwnRole ? t('agents.form.ownRole') : undefined}
              {...requiredField}
              {...form.getInputProps('role')}
              comboboxProps={{ zIndex: 1000 }}
            />
            <NumberInput
              label={t('agents.fields.monthlyCap')}
              description={t('agents.form.capHint', { currency: currency.toUpperCase() })}
              rightSection={
                <Text size="xs" c="dimmed" aria-hidden>
                  {currency.toUpperCase()}
                </Text>
              }
              rightSectionWidth={48}
              min={0}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=","
              {...form.getInputProps('monthlyCap')}
            />
          </SimpleGrid>
          <Accordion variant="contained" chevronPosition="left">
            <Accordion.Item value="roles">
              <Accordion.Control>{t('agents.roles.title')}</Accordion.Control>
              <Accordion.Panel>
                <RolesTable compact />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('agents.form.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="agent-save">
              {isNew ? t('agents.form.createSubmit') : t('agents.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
