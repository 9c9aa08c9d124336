// Coupon wording: %p percent, %a amount, %n noun, %N Noun, %s store. {month}/{Year}/{YEAR} stay literal for the client's text helper.
export const NAME_TEMPLATES = [
  '%p% Off',
  'Free Shipping',
  '%p% Off Sitewide',
  'Extra %p% Off %N',
  'Free Shipping on Orders Over $%a',
  '$%a Off Your First Order at %s',
  '{Month} Sale: Up to %p% Off %N',
  'Best {Year} Deals on %N: Save Up to %p% Today',
  '{YEAR} CLEARANCE: %N from $%a',
  'Buy One, Get One 50% Off %N',
  '<b>%p%</b> off %n this week',
  'Take an Extra %p% Off Clearance %N When You Join the %s Newsletter Today',
  'Student Discount: %p% Off Everything',
  'Spend $%a, Get a Free Gift',
  'Flash Sale: %p% Off Selected %N for the Next 48 Hours Only, While Stocks Last',
  'Members Save %p% on %N in {month}',
] as const;

export const TITLE_TEMPLATES = [
  'Save %p% on %n',
  'Limited time: free gift with purchase',
  'Exclusive %p% code for new customers',
  '{Month} offer: %n from $%a',
  'Up to %p% off %n plus free returns within 60 days',
  'Free delivery',
  '<b>%p%</b> off at %s',
] as const;

export const DESCRIPTION_TEMPLATES = [
  'Use this code at checkout to take %p% off selected %n. Excludes gift cards.',
  'No code needed: prices already reduced on %n. Offer ends soon.',
  'Valid on orders over $%a. One use per customer. Cannot be combined with other offers.',
  'Get <b>%p%</b> off <i>%n</i> this {month}. Terms apply.',
  'Our best {year} prices on %n. Free standard shipping on orders over $%a.',
  'Short on time? Grab %n at %p% off.',
  'Stock up on %n for less.',
] as const;

export const CODE_WORDS = ['SAVE', 'WELCOME', 'SPRING', 'SUMMER', 'HELLO', 'EXTRA', 'VIP', 'THANKS', 'DEAL'] as const;
export const PERCENTS = [10, 15, 20, 25, 30, 40, 50, 60, 70] as const;
export const AMOUNTS = [5, 10, 15, 20, 25, 50, 75, 100] as const;

export interface CopyValues {
  percent: number;
  amount: number;
  noun: string;
  store: string;
}

export function fillTemplate(template: string, v: CopyValues): string {
  return template.replace(/%[pansN]/g, (m) => {
    switch (m) {
      case '%p':
        return String(v.percent);
      case '%a':
        return String(v.amount);
      case '%n':
        return v.noun;
      case '%N':
        return v.noun.replace(/(^|\s)\S/g, (c) => c.toUpperCase());
      default:
        return v.store;
    }
  });
}
