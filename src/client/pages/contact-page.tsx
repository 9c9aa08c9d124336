// Placeholder until the page lands (issue: The rest of the site).
import { NotFoundPage } from './not-found-page';

export const ContactPage = NotFoundPage;
