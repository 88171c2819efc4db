/** The kinds of feedback the team is looking for, shown beside the form on /feedback. */
import { Paper, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAccessible,
  IconBolt,
  IconBug,
  IconBulb,
  IconCloudOff,
  IconTags,
  type Icon,
} from '@tabler/icons-react';

const TOPICS: ReadonlyArray<{ title: string; description: string; icon: Icon }> = [
  {
    title: 'Bugs',
    description: 'Something broke or looked wrong. Tell us what you did and what you expected.',
    icon: IconBug,
  },
  {
    title: 'Missing features',
    description: 'A task you still do by hand or in another tool.',
    icon: IconBulb,
  },
  {
    title: 'Pricing workflow ideas',
    description: 'How you plan sales, bulk changes and schedules, and what would save you time.',
    icon: IconTags,
  },
  {
    title: 'Performance',
    description: 'Slow syncs, searches or screens, with roughly how many products you have.',
    icon: IconBolt,
  },
  {
    title: 'Offline use',
    description: 'Where working without a connection helped, or let you down.',
    icon: IconCloudOff,
  },
  {
    title: 'Ease of use and accessibility',
    description: 'Anything hard to find, read or reach with a keyboard or screen reader.',
    icon: IconAccessible,
  },
];

export function WantedFeedback() {
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="wanted-feedback-title"
    >
      <Title order={2} fz="h3" id="wanted-feedback-title">
        What we would love to hear about
      </Title>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {TOPICS.map(({ title, description, icon: TopicIcon }) => (
          <li key={title} style={{ display: 'flex', gap: 12, marginTop: 16 }}>
            <ThemeIcon variant="light" size={36} radius="md" aria-hidden="true">
              <TopicIcon size={20} stroke={1.7} />
            </ThemeIcon>
            <div>
              <Text fw={700} size="sm">
                {title}
              </Text>
              <Text size="sm">{description}</Text>
            </div>
          </li>
        ))}
      </ul>
    </Paper>
  );
}
