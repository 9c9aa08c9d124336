// The six demo tenants: fixed branding so tenant assets render from the path alone.
export interface TenantConfig {
  key: string;
  ordinal: number;
  name: string;
  hosts: string[];
  home_page: string;
  colour: string;
  accent: string;
  tagline: string;
  emailDomain: string;
  phone: string;
  address: string;
}

export const TENANT_CONFIGS: readonly TenantConfig[] = [
  {
    key: 'one',
    ordinal: 1,
    name: 'Coupon Harbor',
    hosts: ['one.localhost'],
    home_page: 'Home Page One',
    colour: '#0f766e',
    accent: '#fbbf24',
    tagline: 'Safe harbour for smart savings',
    emailDomain: 'couponharbor.example.com',
    phone: '+1 555-0101',
    address: '12 Harbour Row, Port Example, EX 00001',
  },
  {
    key: 'two',
    ordinal: 2,
    name: 'Saverly',
    hosts: ['two.localhost'],
    home_page: 'Home Page Two',
    colour: '#6d28d9',
    accent: '#facc15',
    tagline: 'Save a little, every day',
    emailDomain: 'saverly.example.com',
    phone: '+1 555-0102',
    address: '48 Thrift Avenue, Example City, EX 00002',
  },
  {
    key: 'three',
    ordinal: 3,
    name: 'Deal Drift',
    hosts: ['three.localhost'],
    home_page: 'Home Page Three',
    colour: '#1d4ed8',
    accent: '#fb923c',
    tagline: 'Go with the flow of fresh deals',
    emailDomain: 'dealdrift.example.com',
    phone: '+1 555-0103',
    address: '7 Current Lane, Riverside, EX 00003',
  },
  {
    key: 'four',
    ordinal: 4,
    name: 'Bargain Beacon',
    hosts: ['four.localhost'],
    home_page: 'Home Page Four',
    colour: '#b91c1c',
    accent: '#fde047',
    tagline: 'The brightest bargains, spotted first',
    emailDomain: 'bargainbeacon.example.com',
    phone: '+1 555-0104',
    address: '1 Lighthouse Point, Example Bay, EX 00004',
  },
  {
    key: 'five',
    ordinal: 5,
    name: 'Thrifty Tern',
    hosts: ['five.localhost'],
    home_page: 'Home Page Five',
    colour: '#be185d',
    accent: '#fcd34d',
    tagline: 'Top deals from the best stores',
    emailDomain: 'thriftytern.example.com',
    phone: '+1 555-0105',
    address: '90 Seabird Crescent, Example Cove, EX 00005',
  },
  {
    key: 'default',
    ordinal: 0,
    name: 'Dealdeck',
    hosts: ['localhost', '127.0.0.1'],
    home_page: 'Classic',
    colour: '#111827',
    accent: '#22c55e',
    tagline: 'Every coupon, one deck',
    emailDomain: 'dealdeck.example.com',
    phone: '+1 555-0100',
    address: '100 Example Street, Springfield, EX 00000',
  },
];

export const TENANT_KEYS = TENANT_CONFIGS.map((t) => t.key);

export function tenantConfig(key: string): TenantConfig | undefined {
  return TENANT_CONFIGS.find((t) => t.key === key);
}

/** Each tenant leaves out a different ~3% of stores (fixed positions); archived and paused ones stay published. */
export function tenantPublishesStore(tenantKey: string, storeIndex: number): boolean {
  const t = tenantConfig(tenantKey);
  return t !== undefined && (storeIndex + 5 * t.ordinal) % 32 !== 0;
}
