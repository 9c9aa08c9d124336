import { defineSection } from '../../client/engine/types';
import { Newsletter } from '../../client/section-kit/newsletter/newsletter';

export default defineSection('newsletter', { component: Newsletter });
