// The sharing module's public surface (issue 31).
export { PublicLinksModule, PublicLinksService } from './public-links/index.js';
