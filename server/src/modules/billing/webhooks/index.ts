export { WebhooksModule } from './webhooks.module.js';
export { isWebhookPath, registerWebhookBodies, WEBHOOK_PATHS } from './webhook-body.js';
