export * from './team.js';
export * from './team-messages.js';
export * from './team-dto.js';
export * from './team-rules.js';
