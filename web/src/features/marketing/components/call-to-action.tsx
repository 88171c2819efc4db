/** The closing call to action: the free trial, no credit card needed. */
import { Button, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import classes from './sections.module.css';

export function CallToAction() {
  return (
    <section className={classes.cta} aria-labelledby="cta-title">
      <Container size="md" py={{ base: 56, sm: 80 }} ta="center">
        <Title order={2} id="cta-title" c="white">
          Start your free trial today
        </Title>
        <Text size="lg" mt="sm" c="white">
          Sync your first products and plan a work order in minutes. No credit card required.
        </Text>
        <Button component={Link} to="/login" size="lg" mt="xl" variant="white" color="indigo">
          Start for Free
        </Button>
      </Container>
    </section>
  );
}
