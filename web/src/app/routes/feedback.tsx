/** /feedback ("Contact" in the marketing navigation): the embedded form and what we want to hear. */
import { Container, Grid, Text, Title } from '@mantine/core';
import { FeedbackFormFrame } from '../../features/feedback/components/feedback-form-frame';
import { WantedFeedback } from '../../features/feedback/components/wanted-feedback';
import { FEEDBACK_FORM_URL } from '../../features/feedback/utils/feedback-form-url';
import { usePageTitle } from '../../lib/use-page-title';

export function FeedbackRoute() {
  usePageTitle('Feedback');
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Title order={1}>Share your feedback</Title>
      <Text size="lg" mt="sm" maw={680}>
        Catalog Pilot is shaped by the merchants who use it. Questions, problems and ideas all reach
        the team through this form.
      </Text>
      <Grid mt="xl" gutter="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <FeedbackFormFrame url={FEEDBACK_FORM_URL} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <WantedFeedback />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
