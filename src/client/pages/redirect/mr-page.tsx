// The /mr route module (src/shared/routes.ts names its chunk 'redirect/mr-page'); the page lives in the reveal feature.
export { MrPage } from '../../features/reveal/redirect/mr-page';
