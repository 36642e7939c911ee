export * from './password-rules.js';
export * from './auth-messages.js';
export * from './two-factor.js';
export * from './auth-dto.js';
export * from './auth-form-rules.js';
export * from './login-outcome.js';
export * from './session-cookie.js';
