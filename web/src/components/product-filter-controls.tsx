/**
 * The product filters of /products and the work-order product picker: brand (the catalog's
 * brands), regular price from/to, stock (the stock badge's levels), on sale, visibility, and SKU
 * (contains, starts with, ends with; the product's SKU or a variant's). Controlled: `value` is
 * the filters in force (the URL's), `onChange` gets the next ones. Prices and the SKU are typed
 * freely and apply on Enter or when the field is left; a price that does not parse, or a
 * minimum above the maximum, is shown on its field and not applied.
 */
import {
  hasProductFilters, ProductFilters, SKU_MATCH_LABELS, SKU_MATCHES, STOCK_LEVEL_LABELS, STOCK_LEVELS,
  type ProductFilters as Filters, type SkuMatch, type StockLevel,
} from '@catalog/contracts/product-filters';
import { Button, Checkbox, Combobox, Group, NativeSelect, Select, TextInput } from '@mantine/core';
import { memo, useState, type KeyboardEvent } from 'react';
import { Deferred } from './deferred';

export interface ProductFilterControlsProps {
  /** The catalog's brand names, sorted. */
  brands: readonly string[];
  value: Filters;
  onChange: (next: Filters) => void;
  /** Smaller controls (the picker). */
  size?: 'xs' | 'sm';
}

// The short fixed lists are native selects: the device's own picker (a wheel or a sheet on a
// phone), and no dropdown machinery mounted per field (each Mantine Select mounts a portal and a
// floating element, a re-render in the screen's first commit). '' is "any".
const STOCK_OPTIONS = [{ value: '', label: 'Any stock' }, ...STOCK_LEVELS.map((level) => ({ value: level, label: STOCK_LEVEL_LABELS[level] }))];
const SKU_OPTIONS = SKU_MATCHES.map((match) => ({ value: match, label: SKU_MATCH_LABELS[match] }));
const VISIBILITY_OPTIONS = [
  { value: '', label: 'Any' },
  { value: 'true', label: 'Visible' },
  { value: 'false', label: 'Hidden' },
];

/** "12.50" from cents, for a price field. */
const priceText = (cents: number | undefined) => (cents === undefined ? '' : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);

interface Drafts {
  priceMin: string;
  priceMax: string;
  sku: string;
}

const draftsOf = (f: Filters): Drafts => ({ priceMin: priceText(f.priceMin), priceMax: priceText(f.priceMax), sku: f.sku ?? '' });
const DRAFT_FIELDS = ['priceMin', 'priceMax', 'sku'] as const;

/** The typed fields whose filter differs between two sets of filters in force. */
const changedDrafts = (before: Filters, after: Filters): (keyof Drafts)[] => {
  const [a, b] = [draftsOf(before), draftsOf(after)];
  return DRAFT_FIELDS.filter((field) => a[field] !== b[field]);
};

/** The filters with the typed fields applied, or the field errors (contracts' own messages). */
export function applyDrafts(value: Filters, drafts: Drafts): { filters: Filters } | { errors: Partial<Record<keyof Drafts, string>> } {
  const parsed = ProductFilters.safeParse({
    brand: value.brand, stock: value.stock, onSale: value.onSale, visible: value.visible, skuMatch: value.skuMatch,
    priceMin: drafts.priceMin, priceMax: drafts.priceMax, sku: drafts.sku,
  });
  if (parsed.success) return { filters: parsed.data };
  const errors: Partial<Record<keyof Drafts, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'priceMin' || field === 'priceMax' || field === 'sku') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

export const ProductFilterControls = memo(function ProductFilterControls({ brands, value, onChange, size = 'sm' }: ProductFilterControlsProps) {
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(value));
  const [errors, setErrors] = useState<Partial<Record<keyof Drafts, string>>>({});
  // The filters in force moved (Back, a link, Clear, another field applied): each typed field
  // whose own filter changed follows it, in this render. The others keep what is being typed:
  // a maximum typed while the minimum's Enter is still reaching the URL is not wiped.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    const changed = changedDrafts(shown, value);
    if (changed.length > 0) {
      const next = draftsOf(value);
      setDrafts((current) => ({ ...current, ...Object.fromEntries(changed.map((field) => [field, next[field]])) }));
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !changed.includes(field as keyof Drafts))));
    }
  }

  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  const commit = (next: Drafts = drafts) => {
    const result = applyDrafts(value, next);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const unchanged = result.filters.priceMin === value.priceMin && result.filters.priceMax === value.priceMax && result.filters.sku === value.sku;
    if (!unchanged) onChange(result.filters);
  };
  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    }
  };
  const draft = (field: keyof Drafts) => ({
    value: drafts[field],
    error: errors[field],
    onChange: (e: { currentTarget: { value: string } }) => setDrafts({ ...drafts, [field]: e.currentTarget.value }),
    onBlur: () => commit(),
    onKeyDown: onEnter,
  });
  // Everything typed goes, applied or not.
  const reset = () => {
    setDrafts(draftsOf({}));
    setErrors({});
    onChange({});
  };
  // A press on the brand field before its list was mounted opens the list as it mounts.
  const [brandListOpen, setBrandListOpen] = useState(false);
  const brandChoices = value.brand && !brands.includes(value.brand) ? [value.brand, ...brands] : brands;

  return (
    <Group gap="sm" align="flex-start" wrap="wrap" role="group" aria-label="Product filters">
      {/* In the app's first screen the brand list's dropdown machinery comes at the first focus
          or press (Deferred): until then the field as it looks. */}
      <Deferred
        until="press"
        plain={(activate) => (
          <TextInput
            size={size}
            label="Brand"
            placeholder="Any brand"
            value={value.brand ?? ''}
            readOnly
            rightSection={<Combobox.Chevron size={size} />}
            rightSectionPointerEvents="none"
            onFocus={activate}
            onClick={() => {
              setBrandListOpen(true);
              activate();
            }}
            w={180}
          />
        )}
      >
        <Select
          size={size}
          label="Brand"
          placeholder="Any brand"
          data={brandChoices as string[]}
          value={value.brand ?? null}
          onChange={(brand) => set({ brand: brand ?? undefined })}
          searchable
          clearable
          nothingFoundMessage="No such brand"
          defaultDropdownOpened={brandListOpen}
          w={180}
        />
      </Deferred>
      <TextInput size={size} label="Min price" placeholder="0.00" inputMode="decimal" w={110} {...draft('priceMin')} />
      <TextInput size={size} label="Max price" placeholder="Any" inputMode="decimal" w={110} {...draft('priceMax')} />
      <NativeSelect
        size={size}
        label="Stock"
        data={STOCK_OPTIONS}
        value={value.stock ?? ''}
        onChange={(e) => set({ stock: (e.currentTarget.value as StockLevel | '') || undefined })}
        w={150}
      />
      <NativeSelect
        size={size}
        label="Visibility"
        data={VISIBILITY_OPTIONS}
        value={value.visible === undefined ? '' : String(value.visible)}
        onChange={(e) => {
          const visible = e.currentTarget.value;
          set({ visible: visible === '' ? undefined : visible === 'true' });
        }}
        w={130}
      />
      <NativeSelect
        size={size}
        label="SKU match"
        data={SKU_OPTIONS}
        value={value.skuMatch ?? 'contains'}
        onChange={(e) => {
          const match = e.currentTarget.value as SkuMatch;
          set({ skuMatch: match === 'contains' ? undefined : match });
        }}
        w={140}
      />
      <TextInput size={size} label="SKU" placeholder="Any SKU" w={150} {...draft('sku')} />
      <Checkbox
        size={size}
        label="On sale"
        checked={value.onSale === true}
        onChange={(e) => set({ onSale: e.currentTarget.checked ? true : undefined })}
        mt={size === 'xs' ? 26 : 30}
      />
      {hasProductFilters(value) && (
        <Button size={size} variant="subtle" mt={size === 'xs' ? 20 : 24} onClick={reset}>
          Reset filters
        </Button>
      )}
    </Group>
  );
});
