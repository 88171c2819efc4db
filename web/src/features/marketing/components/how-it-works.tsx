/** "How it works": the three steps from connecting a store to improving prices. */
import { Container, Text, Title } from '@mantine/core';
import classes from './sections.module.css';

const STEPS = [
  {
    title: 'Connect your store',
    description:
      'Enter your store hash, API access token and client ID. Catalog Pilot syncs your products and variants in minutes.',
  },
  {
    title: 'Plan your updates',
    description:
      'Pick products by search or category, set new regular and sale prices, or apply a percentage to all of them at once.',
  },
  {
    title: 'Track and improve',
    description:
      'Follow each work order to completion, review the price history, and undo any change that did not pay off.',
  },
] as const;

export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      className={`${classes.section} ${classes.alt}`}
      aria-labelledby="how-it-works-title"
    >
      <Container size="lg" py={{ base: 56, sm: 88 }}>
        <Title order={2} id="how-it-works-title" ta="center">
          How it works
        </Title>
        <Text ta="center" c="dimmed" mt="sm">
          Three steps from a connected store to confident pricing.
        </Text>
        <ol className={classes.steps} style={{ marginTop: 48 }}>
          {STEPS.map((step, index) => (
            <li key={step.title}>
              <span className={classes.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <Title order={3} fz="lg" mt="md">
                {step.title}
              </Title>
              <Text size="sm" mt="xs">
                {step.description}
              </Text>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
