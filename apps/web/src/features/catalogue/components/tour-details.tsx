import { Accordion, Box, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import type { TourDetails as TourDetailsData } from '@portal/contract';
import { IconCheck, IconFileText, IconInfoCircle, IconMapPin, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { imageUrl } from '@portal/contract';
import classes from './tour-page.module.css';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} id={id} style={{ scrollMarginTop: 130 }}>
      <Title id={`${id}-title`} order={2} fz={{ base: 21, sm: 24 }} mb="md">
        {title}
      </Title>
      {children}
    </Box>
  );
}

// SPEC §2 tour page: description, video, itinerary, terms, notes to agents and FAQ
type HeadedListProps = { icon: Icon; title: string; items: readonly string[]; color?: string };

// The terms, or the notes to agents: a heading with its icon over one line per item
function HeadedList({ icon: ListIcon, title, items, color }: HeadedListProps) {
  return (
    <>
      <Text fw={700} mb="sm" c={color} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <ListIcon size={18} aria-hidden />
        {title}
      </Text>
      <List spacing={8} size="sm">
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </>
  );
}

export function TourDetails({ tour }: { tour: TourDetailsData }) {
  const { t } = useTranslation();
  return (
    <Stack gap={40}>
      <Section id="overview" title={t('catalogue.tour.overview')}>
        <Stack gap="md">
          <Text size="md" lh={1.65}>
            {tour.description}
          </Text>
          {tour.highlights.length > 0 && (
            <List
              spacing={6}
              icon={
                <ThemeIcon size={22} radius="xl" color="teal" variant="light">
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              {tour.highlights.map((highlight) => (
                <List.Item key={highlight}>{highlight}</List.Item>
              ))}
            </List>
          )}
          <Paper withBorder p="md" radius="md" bg="gray.0">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4} mb={4}>
              {t('catalogue.tour.meetingPoint')}
            </Text>
            <Text size="sm" style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
              <IconMapPin size={17} style={{ flex: 'none', marginTop: 1 }} aria-hidden />
              {tour.meetingPoint}
            </Text>
          </Paper>
        </Stack>
      </Section>

      {tour.video && (
        <Section id="video" title={t('catalogue.tour.video')}>
          <video
            className={classes.video}
            controls
            preload="none"
            poster={imageUrl(tour.video.poster.key, 1200)}
            aria-label={t('catalogue.tour.videoLabel', { title: tour.title })}
          >
            <source src={tour.video.url} type={tour.video.contentType} />
          </video>
        </Section>
      )}

      {tour.itinerary.length > 0 && (
        <Section id="itinerary" title={t('catalogue.tour.itinerary')}>
          <Timeline bulletSize={26} lineWidth={2} active={tour.itinerary.length}>
            {tour.itinerary.map((step, index) => (
              <Timeline.Item
                key={step.title}
                title={<Text fw={600}>{step.title}</Text>}
                bullet={
                  <Text size="xs" fw={700}>
                    {index + 1}
                  </Text>
                }
              >
                <Text size="sm" c="dimmed" mt={2}>
                  {step.description}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Section>
      )}

      <Section id="terms" title={t('catalogue.tour.terms')}>
        <SimpleGrid cols={{ base: 1, md: tour.notesToAgents.length > 0 ? 2 : 1 }} spacing="lg">
          <Paper withBorder p="lg">
            <HeadedList icon={IconFileText} title={t('catalogue.tour.termsTitle')} items={tour.terms} />
          </Paper>
          {tour.notesToAgents.length > 0 && (
            <Paper
              p="lg"
              bg="brand.0"
              style={{ border: '1px solid var(--mantine-color-brand-2)' }}
              data-testid="notes-to-agents"
            >
              <HeadedList
                icon={IconInfoCircle}
                title={t('catalogue.tour.notesToAgents')}
                items={tour.notesToAgents}
                color="brand.8"
              />
            </Paper>
          )}
        </SimpleGrid>
      </Section>

      {tour.faq.length > 0 && (
        <Section id="faq" title={t('catalogue.tour.faq')}>
          <Accordion variant="separated" radius="md">
            {tour.faq.map((item) => (
              <Accordion.Item key={item.question} value={item.question}>
                <Accordion.Control>
                  <Text fw={600} size="sm">
                    {item.question}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm" c="gray.7">
                    {item.answer}
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Section>
      )}
    </Stack>
  );
}
