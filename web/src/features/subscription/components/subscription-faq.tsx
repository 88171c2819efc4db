/** The subscription screen's FAQ (spec section 9): the money-back guarantee and when changes apply. */
import { Paper, Stack, Text, Title } from '@mantine/core';

const QUESTIONS: ReadonlyArray<{ q: string; a: string }> = [
  {
    q: 'Is there a money-back guarantee?',
    a: 'Yes. Paid plans come with a 30-day money-back guarantee: contact support within 30 days of paying and we refund you.',
  },
  {
    q: 'When do plan changes take effect?',
    a: 'Plan changes take effect immediately. An upgrade applies as soon as the payment is confirmed; a downgrade applies at once, and unused time is credited. A cancelled subscription runs to the end of the period you paid for.',
  },
  {
    q: 'What happens to my products on a smaller plan?',
    a: 'Nothing is deleted when you change plans. The next sync keeps as many products as the plan allows, in the order your store lists them.',
  },
];

export function SubscriptionFaq() {
  return (
    <Paper component="section" aria-labelledby="subscription-faq-title" withBorder radius="md" p="lg">
      <Title order={2} size="h4" id="subscription-faq-title">
        Frequently Asked Questions
      </Title>
      <Stack gap="md" mt="md">
        {QUESTIONS.map(({ q, a }) => (
          <div key={q}>
            <Title order={3} size="h6">
              {q}
            </Title>
            <Text size="sm" mt={4}>
              {a}
            </Text>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
