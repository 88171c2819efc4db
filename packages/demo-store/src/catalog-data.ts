/**
 * The word lists the catalog generator draws from: a three-level category tree with realistic
 * department names, the product noun each leaf category sells, brands, adjectives and the
 * options (Size, Color, ...) a department's products vary by, with a price range per department.
 */

/** A leaf category: its plural name in the tree, and the singular noun used in product names. */
export interface LeafSpec {
  name: string;
  noun: string;
}

export interface SubcategorySpec {
  name: string;
  leaves: LeafSpec[];
}

export interface OptionSpec {
  name: string;
  values: string[];
}

export interface DepartmentSpec {
  name: string;
  /** Short code used in SKUs. */
  code: string;
  /** Price range in cents (log-uniform between the two). */
  priceCents: [number, number];
  /** Weight range in the store's weight unit. */
  weight: [number, number];
  /** The options products of this department vary by (one or two are chosen per product). */
  options: OptionSpec[];
  subcategories: SubcategorySpec[];
}

const leaf = (name: string, noun: string): LeafSpec => ({ name, noun });
const COLORS: OptionSpec = { name: 'Color', values: ['Black', 'White', 'Navy', 'Sage', 'Terracotta', 'Charcoal', 'Sand', 'Red'] };
const SIZES: OptionSpec = { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] };
const SMALL_LARGE: OptionSpec = { name: 'Size', values: ['Small', 'Medium', 'Large', 'Extra Large'] };

export const DEPARTMENTS: readonly DepartmentSpec[] = [
  {
    name: 'Home & Kitchen', code: 'HK', priceCents: [699, 24_999], weight: [0.2, 6], options: [COLORS, SMALL_LARGE],
    subcategories: [
      { name: 'Cookware', leaves: [leaf('Frying Pans', 'Frying Pan'), leaf('Saucepans', 'Saucepan'), leaf('Dutch Ovens', 'Dutch Oven')] },
      { name: 'Kitchen Tools', leaves: [leaf('Knives', 'Chef Knife'), leaf('Cutting Boards', 'Cutting Board'), leaf('Utensil Sets', 'Utensil Set')] },
      { name: 'Tableware', leaves: [leaf('Dinner Plates', 'Dinner Plate Set'), leaf('Mugs', 'Mug'), leaf('Glassware', 'Tumbler Set')] },
    ],
  },
  {
    name: 'Clothing', code: 'CL', priceCents: [1_499, 18_999], weight: [0.1, 1.5], options: [SIZES, COLORS],
    subcategories: [
      { name: 'Men', leaves: [leaf('T-Shirts', 'T-Shirt'), leaf('Jackets', 'Jacket'), leaf('Jeans', 'Jeans')] },
      { name: 'Women', leaves: [leaf('Dresses', 'Dress'), leaf('Sweaters', 'Sweater'), leaf('Leggings', 'Leggings')] },
      { name: 'Accessories', leaves: [leaf('Hats', 'Beanie'), leaf('Scarves', 'Scarf'), leaf('Belts', 'Leather Belt')] },
    ],
  },
  {
    name: 'Outdoor & Garden', code: 'OG', priceCents: [899, 59_999], weight: [0.3, 12], options: [COLORS, SMALL_LARGE],
    subcategories: [
      { name: 'Camping', leaves: [leaf('Tents', 'Tent'), leaf('Sleeping Bags', 'Sleeping Bag'), leaf('Camp Stoves', 'Camp Stove')] },
      { name: 'Gardening', leaves: [leaf('Planters', 'Planter'), leaf('Hand Tools', 'Trowel'), leaf('Hoses', 'Garden Hose')] },
      { name: 'Patio', leaves: [leaf('Chairs', 'Patio Chair'), leaf('Lanterns', 'Lantern'), leaf('Cushions', 'Outdoor Cushion')] },
    ],
  },
  {
    name: 'Electronics', code: 'EL', priceCents: [999, 89_999], weight: [0.05, 4], options: [COLORS, { name: 'Storage', values: ['64 GB', '128 GB', '256 GB', '512 GB'] }],
    subcategories: [
      { name: 'Audio', leaves: [leaf('Headphones', 'Headphones'), leaf('Speakers', 'Bluetooth Speaker'), leaf('Earbuds', 'Wireless Earbuds')] },
      { name: 'Phone Accessories', leaves: [leaf('Chargers', 'Fast Charger'), leaf('Cases', 'Phone Case'), leaf('Cables', 'USB-C Cable')] },
      { name: 'Smart Home', leaves: [leaf('Smart Plugs', 'Smart Plug'), leaf('Smart Bulbs', 'Smart Bulb'), leaf('Cameras', 'Security Camera')] },
    ],
  },
  {
    name: 'Sports & Fitness', code: 'SF', priceCents: [599, 39_999], weight: [0.1, 20], options: [COLORS, SMALL_LARGE, { name: 'Weight', values: ['2 kg', '4 kg', '6 kg', '8 kg', '10 kg'] }],
    subcategories: [
      { name: 'Yoga', leaves: [leaf('Yoga Mats', 'Yoga Mat'), leaf('Yoga Blocks', 'Yoga Block'), leaf('Straps', 'Yoga Strap')] },
      { name: 'Cycling', leaves: [leaf('Helmets', 'Bike Helmet'), leaf('Bike Lights', 'Bike Light'), leaf('Bottles', 'Water Bottle')] },
      { name: 'Strength Training', leaves: [leaf('Dumbbells', 'Dumbbell'), leaf('Resistance Bands', 'Resistance Band'), leaf('Jump Ropes', 'Jump Rope')] },
    ],
  },
  {
    name: 'Beauty & Personal Care', code: 'BP', priceCents: [399, 8_999], weight: [0.05, 1.2], options: [{ name: 'Volume', values: ['50 ml', '100 ml', '250 ml', '500 ml'] }, { name: 'Scent', values: ['Unscented', 'Lavender', 'Citrus', 'Cedar', 'Rose'] }],
    subcategories: [
      { name: 'Skincare', leaves: [leaf('Cleansers', 'Facial Cleanser'), leaf('Moisturizers', 'Moisturizer'), leaf('Serums', 'Vitamin C Serum')] },
      { name: 'Hair Care', leaves: [leaf('Shampoo', 'Shampoo'), leaf('Conditioner', 'Conditioner'), leaf('Brushes', 'Hair Brush')] },
      { name: 'Bath & Body', leaves: [leaf('Soaps', 'Bar Soap'), leaf('Bath Salts', 'Bath Salts'), leaf('Towels', 'Bath Towel')] },
    ],
  },
  {
    name: 'Toys & Games', code: 'TG', priceCents: [499, 14_999], weight: [0.1, 5], options: [COLORS, { name: 'Age Range', values: ['3-5 years', '6-8 years', '9-12 years', '12+ years'] }],
    subcategories: [
      { name: 'Games', leaves: [leaf('Board Games', 'Board Game'), leaf('Puzzles', 'Jigsaw Puzzle'), leaf('Card Games', 'Card Game')] },
      { name: 'Building Sets', leaves: [leaf('Blocks', 'Building Block Set'), leaf('Model Kits', 'Model Kit'), leaf('Marble Runs', 'Marble Run')] },
      { name: 'Outdoor Play', leaves: [leaf('Kites', 'Kite'), leaf('Balls', 'Play Ball'), leaf('Water Toys', 'Water Blaster')] },
    ],
  },
  {
    name: 'Pet Supplies', code: 'PS', priceCents: [399, 19_999], weight: [0.1, 15], options: [SMALL_LARGE, COLORS],
    subcategories: [
      { name: 'Dogs', leaves: [leaf('Dog Beds', 'Dog Bed'), leaf('Leashes', 'Leash'), leaf('Dog Toys', 'Chew Toy')] },
      { name: 'Cats', leaves: [leaf('Scratchers', 'Cat Scratcher'), leaf('Litter', 'Clumping Cat Litter'), leaf('Cat Toys', 'Feather Wand')] },
      { name: 'Aquarium', leaves: [leaf('Filters', 'Aquarium Filter'), leaf('Heaters', 'Aquarium Heater'), leaf('Decor', 'Aquarium Ornament')] },
    ],
  },
];

export const BRANDS: readonly string[] = [
  'Northwind', 'Lumen', 'Alder & Oak', 'Brightline', 'Cobalt', 'Fernwood', 'Harbor', 'Kestrel',
  'Meridian', 'Nimbus', 'Oakridge', 'Pinecrest', 'Quarry', 'Redwood', 'Summit', 'Tidewater',
  'Urbana', 'Vantage', 'Willow', 'Zephyr',
];

export const ADJECTIVES: readonly string[] = [
  'Classic', 'Essential', 'Pro', 'Everyday', 'Deluxe', 'Compact', 'Heritage', 'Ultra', 'Organic',
  'Premium', 'Lightweight', 'Vintage', 'Modern', 'Rugged', 'Signature', 'Eco', 'Studio', 'Travel',
  'Soft-Touch', 'Performance', 'Artisan', 'Nordic', 'Urban', 'Coastal',
];

/** Name suffixes that tell two otherwise equal names apart (BigCommerce wants unique names). */
export const MODEL_SUFFIXES: readonly string[] = ['II', 'III', 'Plus', 'Max', 'Mini', 'XL', 'Lite', 'Edition'];
