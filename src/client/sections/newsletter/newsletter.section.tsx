import { defineSection } from '../../engine/types';
import { Newsletter } from './newsletter';

export default defineSection('newsletter', { component: Newsletter });
