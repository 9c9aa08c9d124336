// Invented brand names and category vocabulary; every name is fictional (no real brands).

/** Category list; includes the four a footer variant names (Professional, Pets, Air, Nutritional Supplements). */
export const CATEGORIES = [
  'Fashion', 'Electronics', 'Home & Garden', 'Beauty', 'Travel', 'Food & Drink', 'Sports & Outdoors',
  'Toys & Games', 'Books & Media', 'Health & Wellness', 'Pets', 'Professional', 'Air', 'Nutritional Supplements',
  'Automotive', 'Jewelry & Accessories', 'Computers, Tablets & Accessories', 'Gifts & Flowers', 'Kids & Baby',
  'Office Supplies',
] as const;

export type Category = (typeof CATEGORIES)[number];

/** What a coupon in each category is about (used in offer text). */
export const CATEGORY_NOUNS: Record<Category, readonly string[]> = {
  'Fashion': ['jackets', 'denim', 'sneakers', 'summer dresses'],
  'Electronics': ['headphones', 'smart speakers', 'chargers', 'TVs'],
  'Home & Garden': ['bedding', 'planters', 'lighting', 'rugs'],
  'Beauty': ['skincare', 'fragrances', 'hair care', 'makeup kits'],
  'Travel': ['hotel stays', 'luggage', 'weekend getaways', 'car rentals'],
  'Food & Drink': ['coffee beans', 'meal kits', 'spice sets', 'pastries'],
  'Sports & Outdoors': ['tents', 'running gear', 'bikes', 'yoga mats'],
  'Toys & Games': ['board games', 'puzzles', 'building sets', 'plush toys'],
  'Books & Media': ['paperbacks', 'audiobooks', 'vinyl records', 'journals'],
  'Health & Wellness': ['massage tools', 'yoga classes', 'first-aid kits', 'sleep aids'],
  'Pets': ['dog food', 'cat trees', 'pet beds', 'bird feeders'],
  'Professional': ['drafting tools', 'workwear', 'safety gear', 'accounting software'],
  'Air': ['air purifiers', 'flights', 'fans', 'humidifiers'],
  'Nutritional Supplements': ['vitamins', 'protein powder', 'omega-3 capsules', 'greens blends'],
  'Automotive': ['car care kits', 'tyres', 'dash cams', 'seat covers'],
  'Jewelry & Accessories': ['necklaces', 'watches', 'rings', 'sunglasses'],
  'Computers, Tablets & Accessories': ['laptops', 'tablets', 'keyboards', 'monitors'],
  'Gifts & Flowers': ['bouquets', 'gift boxes', 'greeting cards', 'hampers'],
  'Kids & Baby': ['strollers', 'baby clothes', 'car seats', 'nursery decor'],
  'Office Supplies': ['notebooks', 'desk chairs', 'printer ink', 'pens'],
};

/** Curated stores, grouped by category; interleaved below so neighbours differ. */
const CURATED: Record<Category, readonly string[]> = {
  'Fashion': ['Northwind Outfitters', 'Velvet Fern', 'Fable & Thread', 'Linen & Lark', 'Marlow Street Apparel', 'Urban Canopy', 'Sparrow Studio'],
  'Electronics': ['Orbit Electronics', 'Nova Audio Works', 'Pixel Forge', 'Voltage Vine'],
  'Home & Garden': ['Lumen Lane', 'Cedar Hollow Home', 'Sunlit Garden Supply', 'Oakline Furniture', 'Pebble & Pine', 'Glasshouse Goods', 'Harbor & Pine'],
  'Beauty': ['Marigold Beauty', 'Yarrow Apothecary', 'Glow Theory Cosmetics'],
  'Travel': ['Tidewater Travel', 'Silverline Luggage', 'Wanderpost Journeys'],
  'Food & Drink': ['Copper Kettle Kitchen', 'Saffron Spice Market', 'Hearthstone Bakery', 'Brewhaven Coffee Roasters', 'Kestrel Kitchenware'],
  'Sports & Outdoors': ['Summit Trail Gear', 'Driftwood Surf', 'Wolfpine Camping', 'Tandem Cycles'],
  'Toys & Games': ['Maple Row Toys', 'Kitebox', 'Puzzleworth Games'],
  'Books & Media': ['Bluebird Books', 'Quill & Ledger', 'Vinyl Lantern Records'],
  'Health & Wellness': ['Juniper Wellness', 'Calm Current Yoga', 'Brightwell Pharmacy'],
  'Pets': ['Brightside Pets', 'Paws & Whiskers Supply', 'Tailwag Treats', 'Featherstone Aviary Supply'],
  'Professional': ['Atlas Drafting Supply', 'The Professional Drafting & Survey Supply Company', 'Ledgerline Accounting Tools', 'Keystone Workwear'],
  'Air': ['Skyward Air Co.', 'Nimbus Air Purifiers', 'Zephyrline Airways', 'Cirrus Climate Control'],
  'Nutritional Supplements': ['Verdant Vitamins', 'Greenleaf Nutrition', 'Vitality Vault', 'Peak Protein Labs'],
  'Automotive': ['Meridian Motor Parts', 'Gearshift Garage'],
  'Jewelry & Accessories': ['Crescent Jewelers', 'Opal & Oak', 'Gilded Sparrow'],
  'Computers, Tablets & Accessories': ['Quantum Gadgets', 'Bytewise Computers', 'Circuit Cove'],
  'Gifts & Flowers': ['Wildflower Gifts', 'Petal Post', 'Ribbon & Rye'],
  'Kids & Baby': ['Kindred Kids', 'Little Acorn Baby', 'Moonbeam Nursery'],
  'Office Supplies': ['Papertrail Office', 'Inkwell Desk Co.', 'Paperclip Depot'],
};

function interleave(): { name: string; category: Category }[] {
  const out: { name: string; category: Category }[] = [];
  for (let round = 0; out.length < Object.values(CURATED).flat().length; round++) {
    for (const category of CATEGORIES) {
      const name = CURATED[category][round];
      if (name !== undefined) out.push({ name, category });
    }
  }
  return out;
}

export const CURATED_STORES = interleave();

/** Word pairs for stores past the curated list (large seeds); plain words so a slug reads back as the name. */
export const NAME_PREFIXES = [
  'Amber', 'Aspen', 'Birch', 'Bramble', 'Brook', 'Canyon', 'Cobalt', 'Coral', 'Cove', 'Crest', 'Dune', 'Elm',
  'Ember', 'Fennel', 'Fjord', 'Flint', 'Glade', 'Granite', 'Harvest', 'Hazel', 'Heron', 'Indigo', 'Ivy', 'Jasper',
  'Lark', 'Laurel', 'Lichen', 'Linden', 'Lotus', 'Meadow', 'Mesa', 'Moss', 'Nectar', 'Olive', 'Onyx', 'Orchid',
  'Prairie', 'Quarry', 'Raven', 'Rowan', 'Sage', 'Sequoia', 'Sierra', 'Slate', 'Sorrel', 'Spruce', 'Thistle', 'Willow',
] as const;

export const NAME_SUFFIXES = [
  'Goods', 'Supply', 'Market', 'Outfitters', 'Provisions', 'Trading', 'Collective', 'Studio', 'Works', 'Depot',
  'Emporium', 'House', 'Mercantile', 'Exchange', 'Lab', 'Shop', 'Company', 'Corner', 'Outlet', 'Bazaar',
  'Warehouse', 'Gallery', 'Atelier', 'Post', 'Hub', 'Store', 'Makers', 'Partners', 'Essentials', 'Crafts',
  'Select', 'Direct', 'Wholesale', 'Boutique', 'Yard', 'Pantry', 'Workshop', 'Threads', 'Home', 'Gear',
] as const;
