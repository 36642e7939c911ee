export { PublicLinksModule } from './public-links.module.js';
export { PublicLinksService } from './public-links.service.js';
