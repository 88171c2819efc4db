/**
 * The records the demo store keeps, in BigCommerce's own wire shape (snake_case, money as
 * JSON numbers), so a response is the stored record plus the sub-resources a request asks for.
 * Field meanings follow the official Catalog v3 OpenAPI files in shared/reference/bigcommerce.
 */

export interface BcOptionValue {
  id: number;
  label: string;
  option_id: number;
  option_display_name: string;
}

export interface BcVariant {
  id: number;
  product_id: number;
  sku: string;
  sku_id: number | null;
  /** null: the variant uses the product's price. */
  price: number | null;
  /** null: the variant inherits the product's sale price (distinct from 0). */
  sale_price: number | null;
  retail_price: number | null;
  cost_price: number | null;
  map_price: number | null;
  calculated_price: number;
  weight: number | null;
  calculated_weight: number;
  width: number | null;
  height: number | null;
  depth: number | null;
  is_free_shipping: boolean;
  fixed_cost_shipping_price: number | null;
  purchasing_disabled: boolean;
  purchasing_disabled_message: string;
  image_url: string;
  upc: string;
  mpn: string;
  gtin: string;
  inventory_level: number | null;
  inventory_warning_level: number | null;
  bin_picking_number: string | null;
  /** Empty for a product's base variant. */
  option_values: BcOptionValue[];
}

/** A product as the store keeps it; `variants` is served only with `include=variants`. */
export interface BcProduct {
  id: number;
  name: string;
  type: 'physical' | 'digital';
  sku: string;
  description: string;
  weight: number;
  width: number;
  depth: number;
  height: number;
  price: number;
  cost_price: number;
  retail_price: number;
  /** 0 when the product is not on sale (BigCommerce rejects null here). */
  sale_price: number;
  map_price: number;
  tax_class_id: number;
  product_tax_code: string;
  calculated_price: number;
  categories: number[];
  brand_id: number;
  inventory_level: number;
  inventory_warning_level: number;
  inventory_tracking: 'none' | 'product' | 'variant';
  reviews_rating_sum: number;
  reviews_count: number;
  total_sold: number;
  fixed_cost_shipping_price: number;
  is_free_shipping: boolean;
  is_visible: boolean;
  is_featured: boolean;
  related_products: number[];
  warranty: string;
  bin_picking_number: string;
  layout_file: string;
  upc: string;
  mpn: string;
  gtin: string;
  search_keywords: string;
  availability: 'available' | 'disabled' | 'preorder';
  availability_description: string;
  gift_wrapping_options_type: 'any' | 'none' | 'list';
  gift_wrapping_options_list: number[];
  sort_order: number;
  condition: 'New' | 'Used' | 'Refurbished';
  is_condition_shown: boolean;
  order_quantity_minimum: number;
  order_quantity_maximum: number;
  page_title: string;
  meta_keywords: string[];
  meta_description: string;
  date_created: string;
  date_modified: string;
  view_count: number;
  preorder_release_date: string | null;
  preorder_message: string;
  is_preorder_only: boolean;
  is_price_hidden: boolean;
  price_hidden_label: string;
  custom_url: { url: string; is_customized: boolean };
  /** The base variant of a product without options; null for a product with options. */
  base_variant_id: number | null;
  open_graph_type: 'product';
  open_graph_title: string;
  open_graph_description: string;
  open_graph_use_meta_description: boolean;
  open_graph_use_product_name: boolean;
  open_graph_use_image: boolean;
}

export interface BcCategory {
  category_id: number;
  category_uuid: string;
  parent_id: number;
  tree_id: number;
  name: string;
  description: string;
  views: number;
  sort_order: number;
  page_title: string;
  meta_keywords: string[];
  meta_description: string;
  layout_file: string;
  image_url: string;
  is_visible: boolean;
  search_keywords: string;
  default_product_sort: 'use_store_settings';
  url: { path: string; is_customized: boolean };
}

export interface BcTree {
  id: number;
  name: string;
  channels: number[];
}

/** A brand as GET /catalog/brands serves it (brand_Full). */
export interface BcBrand {
  id: number;
  name: string;
  page_title: string;
  meta_keywords: string[];
  meta_description: string;
  image_url: string;
  search_keywords: string;
  custom_url: { url: string; is_customized: boolean };
}

/** One store's catalog: what the generator produces and the routes read and write. */
export interface CatalogData {
  products: Map<number, BcProduct>;
  /** Variants by variant id; each product's variants are also reachable through `variantsByProduct`. */
  variants: Map<number, BcVariant>;
  variantsByProduct: Map<number, number[]>;
  trees: BcTree[];
  categories: BcCategory[];
  /** The store's brands; a product's `brand_id` names one of them (0: none). */
  brands: BcBrand[];
  nextProductId: number;
  nextVariantId: number;
}
