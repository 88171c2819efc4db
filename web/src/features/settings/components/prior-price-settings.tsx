/**
 * Settings > Work orders > EU prior price (issue 36): the mode (off, or on with its window in
 * days: 30 when turned on), the "was" price the storefront's theme shows beside a sale price
 * (the regular price or the MSRP), and whether each variant's lowest prior price is published to
 * the storefront as a variant metafield, with how that publication stands (owners and admins).
 * Part of the work order settings' form (one Save); its rule, "EU prior price", is among the
 * blocking guardrails there.
 */
import type { CompanySettings } from '@catalog/contracts/company-settings';
import { DEFAULT_PRIOR_PRICE_DAYS, MAX_PRIOR_PRICE_DAYS, MIN_PRIOR_PRICE_DAYS, type PriorPriceShownAs } from '@catalog/contracts/lowest-price';
import { Fieldset, NumberInput, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export const PRIOR_DAYS_MESSAGE = `Enter a whole number of days from ${MIN_PRIOR_PRICE_DAYS} to ${MAX_PRIOR_PRICE_DAYS}`;

/** The days typed, as a number; null when they are not a whole number in range. */
export function priorDaysOf(value: string | number): number | null {
  const days = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(days) && days >= MIN_PRIOR_PRICE_DAYS && days <= MAX_PRIOR_PRICE_DAYS ? days : null;
}

type PriorPriceDraft = Pick<CompanySettings, 'priorPriceDays' | 'priorPriceShownAs' | 'publishPriorPrice'>;

export interface PriorPriceFieldsProps {
  draft: PriorPriceDraft;
  /** The days as typed (kept while the mode is off, so turning it on again finds them). */
  days: string | number;
  setDays: (value: string | number) => void;
  set: (patch: Partial<PriorPriceDraft>) => void;
  readOnly: boolean;
  errors: Partial<Record<keyof PriorPriceDraft, string>>;
  /** Under the publishing switch: how the publication stands (prior-price-publication.tsx). */
  publication?: ReactNode;
}

export function PriorPriceFields({ draft, days, setDays, set, readOnly, errors, publication }: PriorPriceFieldsProps) {
  const shownAsId = useId();
  const on = draft.priorPriceDays !== null;
  return (
    <Fieldset legend="EU prior price" variant="unstyled">
      <Stack gap="sm">
        <Switch
          label="Check sales against the lowest prior price"
          description="A sale whose “was” price is above the item's lowest price of the days before it starts is flagged in the preview (EU Directive 98/6/EC, Article 6a). Make “EU prior price” blocking below to refuse it."
          checked={on}
          disabled={readOnly}
          onChange={(e) => {
            const turnedOn = e.currentTarget.checked;
            if (turnedOn && priorDaysOf(days) === null) setDays(DEFAULT_PRIOR_PRICE_DAYS);
            set({ priorPriceDays: turnedOn ? (priorDaysOf(days) ?? DEFAULT_PRIOR_PRICE_DAYS) : null });
          }}
        />
        {on && (
          <NumberInput
            label="Days before a sale"
            description="The lowest price of these days is the one a sale's “was” price may not exceed (30 in most member states)."
            min={MIN_PRIOR_PRICE_DAYS}
            max={MAX_PRIOR_PRICE_DAYS}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={days}
            onChange={setDays}
            readOnly={readOnly}
            error={errors.priorPriceDays}
            maw={260}
          />
        )}
        <div>
          <Text size="sm" fw={500} id={shownAsId} mb={4}>
            Shown as before
          </Text>
          <SegmentedControl
            aria-labelledby={shownAsId}
            data={[{ value: 'regular', label: 'Regular price' }, { value: 'msrp', label: 'MSRP' }]}
            value={draft.priorPriceShownAs}
            disabled={readOnly || !on}
            onChange={(value) => set({ priorPriceShownAs: value as PriorPriceShownAs })}
          />
          <Text size="xs" c="dimmed" mt={4}>
            The price your storefront's theme strikes through beside a sale price.
          </Text>
        </div>
        <Switch
          label="Publish the lowest prior price to the storefront (a variant metafield)"
          description="Each variant on sale gets its lowest prior price in a metafield your theme can show."
          checked={draft.publishPriorPrice}
          disabled={readOnly || !on}
          onChange={(e) => set({ publishPriorPrice: e.currentTarget.checked })}
          error={errors.publishPriorPrice}
        />
        {publication}
      </Stack>
    </Fieldset>
  );
}
