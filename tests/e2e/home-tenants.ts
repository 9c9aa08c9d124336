/** The demo tenants and the home document each one is served (SPEC §2 / the layouts' `serves`). */
export const homeTenants = [
  { tenant: 'one', host: 'one.localhost', file: 'home/hero-sliders.json' },
  { tenant: 'two', host: 'two.localhost', file: 'home/landing.json' },
  { tenant: 'three', host: 'three.localhost', file: 'home/three-four.json' },
  { tenant: 'four', host: 'four.localhost', file: 'home/three-four.json' },
  { tenant: 'five', host: 'five.localhost', file: 'home/top-deals.json' },
  { tenant: 'default', host: 'localhost', file: 'home/latest-deals.json' },
] as const;
