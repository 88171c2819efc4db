/** The regular and sale price inputs (step 0.01; the sale price may stay empty). */
import { Group, NumberInput } from '@mantine/core';
import type { PriceFieldErrors, PriceFormValues } from '../utils/price-edit';

export interface PriceFieldsProps {
  values: PriceFormValues;
  onChange: (values: PriceFormValues) => void;
  errors?: PriceFieldErrors;
  disabled?: boolean;
  /** Labels say what they price, e.g. 'Regular price (Size: XL)'. */
  labelSuffix?: string;
  /** Shown as placeholders when a field is empty (a variant inherits the product's price). */
  placeholders?: Partial<Record<keyof PriceFormValues, string>>;
  requireRegular?: boolean;
}

export function PriceFields({ values, onChange, errors, disabled, labelSuffix = '', placeholders, requireRegular }: PriceFieldsProps) {
  const common = { min: 0, max: 99_999_999.99, step: 0.01, decimalScale: 2, fixedDecimalScale: true, prefix: '$', thousandSeparator: ',', disabled, hideControls: true } as const;
  return (
    <Group grow align="flex-start" gap="sm" wrap="wrap">
      <NumberInput
        {...common}
        label={`Regular price${labelSuffix}`}
        withAsterisk={requireRegular}
        value={values.regularPrice}
        onChange={(regularPrice) => onChange({ ...values, regularPrice })}
        error={errors?.regularPrice}
        placeholder={placeholders?.regularPrice}
        miw={140}
      />
      <NumberInput
        {...common}
        label={`Sale price${labelSuffix}`}
        description={disabled ? undefined : 'Optional'}
        value={values.salePrice}
        onChange={(salePrice) => onChange({ ...values, salePrice })}
        error={errors?.salePrice}
        placeholder={placeholders?.salePrice ?? 'No sale price'}
        miw={140}
      />
    </Group>
  );
}
