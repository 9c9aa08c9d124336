import type { SectionRegistry } from '../engine/types';
import { defineSection } from '../engine/types';
import type { NewsletterSettings } from '../../shared/layout/types';
import { Newsletter } from './newsletter/newsletter';

/** Section type → component and data. The storefront adds its sections here; the engine never names one. */
export const registry: SectionRegistry = {
  newsletter: defineSection<NewsletterSettings>({ component: Newsletter }),
};
