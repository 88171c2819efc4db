/**
 * The product's detail panel (a drawer from the right; full width on a phone): name, category,
 * pricing, the variants (collapsed; each with its own retail price and cost or the product's),
 * product information (brand, retail price, cost among it), the store's price lists (what each
 * list's customers pay, issue 35) and the price history. Reads the
 * product from the local catalog, so it follows pulls; edits go to the API. A member whose
 * company requires approval reads, before saving, that an edit waits for it; edits that were
 * sent for approval show above the pricing (issue 31).
 */
import { categoryLabel, skuLabel } from '@catalog/contracts/catalog';
import { Alert, Divider, Drawer, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Deferred } from '../../../components/deferred';
import { useScreenQuery } from '../../../lib/media-query';
import { memo, type ReactNode } from 'react';
import { useLocalProduct } from '../hooks/use-local-product';
import { EDITS_NEED_APPROVAL_HINT, useEditsNeedApproval } from '../hooks/use-edits-need-approval';
import { usePriceEdits } from '../hooks/use-price-edits';
import { displayPricing, formatPrice, usesVariantPricing } from '../utils/product-pricing';
import { PriceHistory } from './price-history';
import { ProductPriceLists } from './product-price-lists';
import { ProductPricingSection } from './product-pricing-section';
import { SentForApprovalNotes } from './sent-for-approval';
import { StatusBadge } from './status-badge';
import { VariantList } from './variant-list';

export interface ProductDetailPanelProps {
  productId: number | null;
  onClose: () => void;
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function PanelBody({ productId, onClose }: { productId: number; onClose: () => void }) {
  const product = useLocalProduct(productId);
  const { saveProduct, saveVariant, saving } = usePriceEdits();
  const editsNeedApproval = useEditsNeedApproval();

  if (product === undefined) return <Loader size="sm" aria-label="Loading product" />;
  if (product === null) return <Text c="dimmed">This product is no longer in the catalog.</Text>;

  const pricing = displayPricing(product);
  const showVariants = usesVariantPricing(product) || product.variants.some((v) => v.optionValues.length > 0);

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {categoryLabel(product.category)}
      </Text>
      {editsNeedApproval && (
        // Context for the forms below, not news: no live region.
        <Alert variant="light" color="orange" icon={<IconInfoCircle aria-hidden="true" />} p="xs" role="note">
          {EDITS_NEED_APPROVAL_HINT}
        </Alert>
      )}
      <SentForApprovalNotes productId={product.id} />
      <ProductPricingSection
        product={product}
        saving={saving === 'product'}
        onSave={async (values) => {
          const result = await saveProduct(product, values);
          if (result.saved) onClose();
          return result;
        }}
      />
      {showVariants && (
        <VariantList
          variants={product.variants}
          productPrices={product}
          savingKey={saving}
          onSave={(variant, values) => saveVariant(variant, values, product.name)}
        />
      )}
      <Divider />
      <section aria-labelledby={`product-info-${product.id}`}>
        <Title order={3} size="h5" id={`product-info-${product.id}`} mb="xs">
          Product Information
        </Title>
        <SimpleGrid cols={2} spacing="sm">
          <Info label="SKU">{skuLabel(product.sku)}</Info>
          <Info label="Brand">{product.brand ?? '—'}</Info>
          <Info label="Retail price (MSRP)">{formatPrice(product.retailPrice)}</Info>
          <Info label="Cost price">{formatPrice(product.costPrice)}</Info>
          <Info label="Stock">{pricing.stock}</Info>
          <Info label="Weight">{product.weight ?? '—'}</Info>
          <Info label="Status">
            <StatusBadge status={product.status} />
          </Info>
          <Info label="Product ID">{product.id}</Info>
        </SimpleGrid>
      </section>
      <Divider />
      <ProductPriceLists product={product} />
      <Divider />
      <PriceHistory productId={product.id} variants={product.variants} />
    </Stack>
  );
}

export const ProductDetailPanel = memo(function ProductDetailPanel({ productId, onClose }: ProductDetailPanelProps) {
  const product = useLocalProduct(productId);
  const phone = useScreenQuery('(max-width: 48em)');
  return (
    // In the app's first screen the drawer's machinery (a portal, its focus trap) comes when a
    // product first opens (Deferred), and stays for the drawer's closing.
    <Deferred plain={() => null} force={productId !== null} until="press">
      <Drawer.Root opened={productId !== null} onClose={onClose} position="right" size={phone ? '100%' : 'lg'}>
        <Drawer.Overlay />
        <Drawer.Content>
          {/* A div, not Mantine's default <header>: a second banner landmark confuses screen readers. */}
          <Drawer.Header component="div">
            <Drawer.Title>
              <Title order={2} size="h3" component="span">
                {product?.name ?? 'Product'}
              </Title>
            </Drawer.Title>
            <Drawer.CloseButton aria-label="Close product details" />
          </Drawer.Header>
          <Drawer.Body>{productId !== null && <PanelBody productId={productId} onClose={onClose} />}</Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </Deferred>
  );
});
